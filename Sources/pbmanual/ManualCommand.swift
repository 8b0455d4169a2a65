import ArgumentParser
import Foundation

/// `pbmanual`: writes a man page for every pbtool command but the root (pbtool(1) is written by
/// hand) from the configuration `pbtool --experimental-dump-help` reports.
@main
struct ManualCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pbmanual",
        abstract: "Write pbtool's man pages, one per command, from the commands' own help.",
        discussion: """
            Runs TOOL --experimental-dump-help and writes pbtool-COMMAND.1 for every group and \
            command under the root into the output directory. `make man` calls it.
            """
    )

    @Option(help: "The pbtool binary to document.")
    var tool: String

    @Option(help: "The directory to write the pages into (created if missing).")
    var output: String

    @Option(help: "The date in every page's footer, YYYY-MM-DD (default: today).")
    var date: String?

    func run() throws {
        let info = try JSONDecoder().decode(ToolInfo.self, from: try dumpHelp())
        guard info.serializationVersion == 0 else {
            throw ValidationError("\(tool) reports help serialization version \(info.serializationVersion); pbmanual reads 0")
        }
        let edition = ManualPage.Edition(version: try version(), date: date ?? Self.today())
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        var written = 0
        for command in Self.pages(under: info.command) {
            let page = ManualPage(command: command, edition: edition)
            try Data(page.text.utf8).write(to: URL(fileURLWithPath: output).appendingPathComponent(page.fileName))
            written += 1
        }
        print("pbmanual: wrote \(written) pages to \(output)")
    }

    /// Every displayed command below `root`, groups before their subcommands.
    static func pages(under root: CommandInfo) -> [CommandInfo] {
        root.shownSubcommands.flatMap { [$0] + pages(under: $0) }
    }

    private func dumpHelp() throws -> Data { try runTool(["--experimental-dump-help"]) }

    private func version() throws -> String {
        String(decoding: try runTool(["--version"]), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func runTool(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ValidationError("\(tool) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        return data
    }

    private static func today() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }
}
