import Foundation

/// Runs a command-line tool found on `PATH` (a Debian tool a test compares against: cjpeg, djpeg,
/// opj_compress, man, dpkg, lintian, …) and captures what it printed.
public enum ToolProcess {
    public struct Outcome: Sendable {
        public let status: Int32
        public let standardOutput: Data
        public let standardError: String

        /// Standard output as UTF-8 text.
        public var text: String { String(decoding: standardOutput, as: UTF8.self) }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let command: [String]
        public let outcome: Outcome
        public var description: String {
            "\(command.joined(separator: " ")) exited \(outcome.status): \(outcome.standardError)"
        }
    }

    /// Whether `name` is an executable somewhere on `PATH`.
    public static func isInstalled(_ name: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    }

    /// The skip message of a test that needs `tools` from the Debian package `package`.
    public static func skipMessage(_ tools: [String], package: String) -> String {
        "needs \(tools.joined(separator: ", ")) (Debian package \(package); `make deps` installs it)"
    }

    /// Runs `command` (the tool, then its arguments) with `environment` added, and waits for it.
    public static func run(_ command: [String], input: Data? = nil, environment: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let output = Pipe(), errors = Pipe(), standardInput = Pipe()
        (process.standardOutput, process.standardError, process.standardInput) = (output, errors, standardInput)
        try process.run()
        let collected = ErrorCollector(errors.fileHandleForReading)
        if let input { standardInput.fileHandleForWriting.write(input) }
        try standardInput.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, standardOutput: data, standardError: collected.finish())
    }

    /// Runs `command` and throws ``Failure`` unless it exits 0.
    @discardableResult
    public static func check(_ command: [String], input: Data? = nil, environment: [String: String] = [:]) throws -> Outcome {
        let outcome = try run(command, input: input, environment: environment)
        guard outcome.status == 0 else { throw Failure(command: command, outcome: outcome) }
        return outcome
    }
}

/// Drains standard error on its own thread, so a tool that writes much there never blocks.
private final class ErrorCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func finish() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
