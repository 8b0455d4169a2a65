import Foundation

/// A `pbtool` process the test reads line by line while it runs (`card watch`, a writer to kill):
/// standard output is collected as it arrives, so the test can wait for a line, act, and wait
/// for the next one.
public final class StreamingPBTool: @unchecked Sendable {
    /// What the process printed and how it ended.
    public struct Ending: Sendable {
        /// The exit status, or 128 + the signal number when a signal ended it.
        public let status: Int32
        /// The signal that ended it, if one did.
        public let signal: Int32?
        /// Everything printed on standard output.
        public let standardOutput: String
        /// Everything printed on standard error.
        public let standardError: String
    }

    private let child: ChildProcess

    /// Starts `pbtool arguments…` with standard input at end of file.
    public init(_ arguments: [String], environment: [String: String] = [:]) throws {
        child = try ChildProcess(PBToolProcess.executable.path, arguments,
                                 environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new })
    }

    /// The process id (for `kill`, `/proc`).
    public var processIdentifier: Int32 { child.identifier }

    /// Whether the process is still running.
    public var isRunning: Bool { child.isRunning }

    /// The complete lines printed on standard output so far.
    public var lines: [String] { child.lines }

    /// Waits until the output holds a line for which `matches` is true `occurrence` times
    /// (counting from the start); returns that line. Throws when the process ends first (or
    /// hangs past `limit`).
    @discardableResult
    public func waitForLine(occurrence: Int = 1, limit: Duration = TestPatience.limit,
                            where matches: (String) -> Bool) throws -> String {
        try child.waitForLine(occurrence: occurrence, limit: limit, where: matches)
    }

    /// Waits for the process to end by itself (a hang is killed after `limit` and thrown).
    public func waitForExit(limit: Duration = TestPatience.limit) throws -> Ending {
        let ended = try child.waitForExit(limit: limit)
        return Ending(status: ended.status, signal: ended.signal,
                      standardOutput: child.standardOutput, standardError: child.standardError)
    }

    /// Sends `signal` (SIGKILL by default: nothing the process can catch or block).
    public func send(_ signal: Int32 = SIGKILL) {
        child.send(signal)
    }
}
