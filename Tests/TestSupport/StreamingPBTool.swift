import Foundation

/// A `pbtool` process the test reads line by line while it runs (`card watch`, a writer to kill):
/// standard output is collected as it arrives, so the test can wait for a line, act, and wait
/// for the next one.
public final class StreamingPBTool: @unchecked Sendable {
    /// What the process printed and how it ended.
    public struct Ending: Sendable {
        /// The exit status, or the signal number when `reason` is `.uncaughtSignal`.
        public let status: Int32
        /// Whether it exited or was killed by a signal.
        public let reason: Process.TerminationReason
        /// Everything printed on standard output.
        public let standardOutput: String
        /// Everything printed on standard error.
        public let standardError: String
    }

    private let process = Process()
    private let condition = NSCondition()
    private var output = Data()
    private var errors = Data()
    private var openStreams = 2

    /// Starts `pbtool arguments…` with standard input at end of file.
    public init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = PBToolProcess.executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        collect(stdout.fileHandleForReading) { $0.output.append($1) }
        collect(stderr.fileHandleForReading) { $0.errors.append($1) }
    }

    /// The process id (for `kill`, `/proc`).
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Whether the process is still running.
    public var isRunning: Bool { process.isRunning }

    /// The complete lines printed on standard output so far.
    public var lines: [String] {
        condition.withLock { Self.completeLines(output) }
    }

    /// Waits until the output holds a line for which `matches` is true `occurrence` times
    /// (counting from the start); returns that line. Throws when the process ends first or
    /// `timeout` passes.
    @discardableResult
    public func waitForLine(occurrence: Int = 1, timeout: Duration,
                            where matches: (String) -> Bool) throws -> String {
        let (seconds, attoseconds) = timeout.components
        let deadline = Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18)
        condition.lock()
        defer { condition.unlock() }
        while true {
            let found = Self.completeLines(output).filter(matches)
            if found.count >= occurrence { return found[occurrence - 1] }
            let ended = openStreams == 0 && !process.isRunning
            if ended || !condition.wait(until: deadline) {
                throw LiveStackError("pbtool \(process.arguments?.joined(separator: " ") ?? "") "
                                     + (ended ? "ended" : "ran \(timeout)") + " without printing the line awaited; "
                                     + "it printed: \(String(decoding: output, as: UTF8.self)) \(String(decoding: errors, as: UTF8.self))")
            }
        }
    }

    /// Waits for the process to end by itself (at most `timeout`, then SIGKILL and throw).
    public func waitForExit(timeout: Duration) throws -> Ending {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                throw LiveStackError("pbtool \(process.arguments?.joined(separator: " ") ?? "") ran past \(timeout)")
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        process.waitUntilExit()
        condition.lock()
        while openStreams > 0 { condition.wait() }
        defer { condition.unlock() }
        return Ending(status: process.terminationStatus, reason: process.terminationReason,
                      standardOutput: String(decoding: output, as: UTF8.self),
                      standardError: String(decoding: errors, as: UTF8.self))
    }

    /// Sends `signal` (SIGKILL by default: nothing the process can catch or block).
    public func send(_ signal: Int32 = SIGKILL) {
        if process.isRunning { kill(process.processIdentifier, signal) }
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    private func collect(_ handle: FileHandle, into append: @escaping @Sendable (StreamingPBTool, Data) -> Void) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                condition.withLock {
                    if chunk.isEmpty { openStreams -= 1 } else { append(self, chunk) }
                    condition.broadcast()
                }
                if chunk.isEmpty { return }
            }
        }
    }

    private static func completeLines(_ data: Data) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()
        return lines
    }
}
