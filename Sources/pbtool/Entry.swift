import ArgumentParser
internal import CShims

#if canImport(Glibc)
import Glibc
#endif

/// Runs the command line and maps every outcome to an exit status (docs/exit-codes.md).
@main
enum Entry {
    static func main() async {
        cshims_line_buffer_stdout()
        let arguments = Array(CommandLine.arguments.dropFirst())
        // Like git: no command is a usage error, answered with the overview.
        if arguments.isEmpty {
            printError(PBToolCommand.helpMessage())
            Glibc.exit(ExitStatus.usage.rawValue)
        }
        do {
            var command = try parse(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(with: error, json: JSONFailure.isRequested(by: arguments))
        }
    }

    private static func parse(_ arguments: [String]) throws -> sending any ParsableCommand {
        if let leaf = LeafFirstParse.command(arguments, root: PBToolCommand.self) { return leaf }
        return try PBToolCommand.parseAsRoot(arguments)
    }

    private static func exit(with error: any Error, json: Bool) -> Never {
        if isArgumentParserError(error) {
            let code = PBToolCommand.exitCode(for: error)
            let text = PBToolCommand.fullMessage(for: error)
            if code == .success {
                print(text)
                Glibc.exit(0)
            }
            let status = code == .validationFailure ? ExitStatus.usage.rawValue : code.rawValue
            // An ExitCode carries no text: the command has already said what happened.
            if !text.isEmpty {
                printError(text)
                if json { JSONFailure.print(status: status, message: PBToolCommand.message(for: error)) }
            }
            Glibc.exit(status)
        }
        let report = ErrorReport(error)
        printError("pbtool: \(report.message)")
        if json { JSONFailure.print(status: report.status.rawValue, message: report.message) }
        Glibc.exit(report.status.rawValue)
    }

    /// ArgumentParser's own errors (help, version, validation, ExitCode) keep its rendering.
    private static func isArgumentParserError(_ error: any Error) -> Bool {
        if error is CommandFailure { return false }
        if error is ExitCode || error is ValidationError || error is CleanExit { return true }
        return String(reflecting: type(of: error)).hasPrefix("ArgumentParser.")
    }
}

/// Writes a line to standard error (Swift 6 cannot name the C `stderr` global).
func printError(_ line: String) {
    var text = line
    if !text.hasSuffix("\n") { text += "\n" }
    text.utf8CString.withUnsafeBufferPointer { buffer in
        _ = write(2, buffer.baseAddress, buffer.count - 1)
    }
}
