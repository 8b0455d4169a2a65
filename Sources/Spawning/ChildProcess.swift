import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program the tests start (pbtool, the emulator, sqlite3, umockdev-run…): spawned with
/// `posix_spawn`, its end noticed by a thread blocked in `waitpid`, its output read by threads
/// of its own.
///
/// Foundation's `Process` learns of a child's end through a dispatch source whose handler needs
/// a thread of a pool that a loaded 2-core machine starves: tests waited for minutes on children
/// long gone, then failed on a time budget. Here nothing waits on a shared pool, and every wait
/// is for an event (the exit, a line, end of file) with ``TestPatience/limit`` only as the guard
/// that turns a hang into a failure.
///
/// The child starts with an empty signal mask and default dispositions (the test runner blocks
/// some signals, and a mask is inherited), in its own process group.
public final class ChildProcess: @unchecked Sendable {
    /// What the child reads on standard input.
    public enum Input: Sendable {
        /// `/dev/null`.
        case null
        /// These bytes, then end of file.
        case bytes([UInt8])
        /// A pipe the test writes to (``send(_:)``) and closes (``closeInput()``).
        case pipe
    }

    /// How the child ended.
    public struct Termination: Sendable, Equatable {
        /// The exit status, or 128 + the signal number when a signal ended it (as a shell says).
        public let status: Int32
        /// The signal that ended it, if one did.
        public let signal: Int32?
    }

    /// The process id.
    public let identifier: pid_t
    /// The command line, for messages.
    public let commandLine: String
    private let condition = NSCondition()
    private var output: [UInt8] = []
    private var errors: [UInt8] = []
    private var openStreams = 0
    private var termination: Termination?
    private var inputDescriptor: Int32 = -1

    /// Starts `executable` with `arguments` and `environment` (the test's own when nil).
    /// `mergingErrors` sends standard error into standard output.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                input: Input = .null, mergingErrors: Bool = false) throws {
        commandLine = ([executable] + arguments).joined(separator: " ")
        let pipes = try Spawner.lock.withLock { try Pipes(input: input, mergingErrors: mergingErrors) }
        identifier = try Spawner.spawn(executable, arguments, environment: environment ?? ProcessInfo.processInfo.environment,
                                       pipes: pipes)
        pipes.closeChildEnds()
        inputDescriptor = pipes.inputWriter
        openStreams = pipes.errorReader >= 0 ? 2 : 1
        collect(pipes.outputReader) { $0.output += $1 }
        if pipes.errorReader >= 0 { collect(pipes.errorReader) { $0.errors += $1 } }
        if case .bytes(let bytes) = input { feed(bytes) }
        Thread.detachNewThread { [self] in awaitTermination() }
    }

    deinit {
        if termination == nil { kill(identifier, SIGKILL) }
        if inputDescriptor >= 0 { close(inputDescriptor) }
    }

    /// Whether the child still runs.
    public var isRunning: Bool { condition.withLock { termination == nil } }

    /// Everything printed on standard output so far.
    public var standardOutput: String { String(decoding: outputBytes, as: UTF8.self) }

    /// The bytes printed on standard output so far.
    public var outputBytes: [UInt8] { condition.withLock { output } }

    /// Everything printed on standard error so far.
    public var standardError: String { condition.withLock { String(decoding: errors, as: UTF8.self) } }

    /// The complete lines printed on standard output so far.
    public var lines: [String] {
        condition.withLock {
            var lines = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            lines.removeLast()
            return lines
        }
    }

    /// Sends `signal`, unless the child has already ended.
    public func send(_ signal: Int32) {
        condition.withLock { if termination == nil { kill(identifier, signal) } }
    }

    /// Writes to the child's standard input (``Input/pipe``).
    public func send(text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count, inputDescriptor >= 0 {
            let written = bytes.withUnsafeBytes { write(inputDescriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Closes the child's standard input: it reads end of file.
    public func closeInput() {
        if inputDescriptor >= 0 { close(inputDescriptor) }
        inputDescriptor = -1
    }

    /// Waits for the child to end and its output to be read; after `limit` it is killed
    /// (SIGKILL) and ``TimedOut`` thrown.
    @discardableResult
    public func waitForExit(limit: Duration = TestPatience.limit) throws -> Termination {
        let deadline = Date(timeIntervalSinceNow: TestPatience.seconds(limit))
        condition.lock()
        defer { condition.unlock() }
        while termination == nil {
            if !condition.wait(until: deadline), termination == nil {
                kill(identifier, SIGKILL)
                while termination == nil { condition.wait() }
                throw TimedOut(commandLine: commandLine, limit: limit, printed: String(decoding: output + errors, as: UTF8.self))
            }
        }
        // End of file follows the exit at once, unless a child of the child still holds the pipe.
        while openStreams > 0, condition.wait(until: deadline) {}
        return termination!
    }

    /// Waits until standard output holds `occurrence` lines for which `matches` is true and
    /// returns the last of them; throws when the child ends first, or after `limit`.
    @discardableResult
    public func waitForLine(occurrence: Int = 1, limit: Duration = TestPatience.limit,
                            where matches: (String) -> Bool) throws -> String {
        let deadline = Date(timeIntervalSinceNow: TestPatience.seconds(limit))
        condition.lock()
        defer { condition.unlock() }
        while true {
            var all = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            all.removeLast()
            let found = all.filter(matches)
            if found.count >= occurrence { return found[occurrence - 1] }
            let ended = termination != nil && openStreams == 0
            if ended || !condition.wait(until: deadline) {
                throw LiveStackError("\(commandLine) \(ended ? "ended" : "ran \(limit)") without printing the line awaited; it printed: "
                                     + String(decoding: output, as: UTF8.self) + " " + String(decoding: errors, as: UTF8.self))
            }
        }
    }

    /// The child ran past its limit and was killed.
    public struct TimedOut: Error, CustomStringConvertible {
        public let commandLine: String
        public let limit: Duration
        public let printed: String
        public var description: String { "\(commandLine) ran past \(limit) and was killed; it printed: \(printed)" }
    }

    private func awaitTermination() {
        var status: Int32 = 0
        while waitpid(identifier, &status, 0) < 0, errno == EINTR {}
        // WIFSIGNALED and WEXITSTATUS, spelled out because Swift does not import the macros.
        let signal = status & 0x7F
        let ended = signal == 0 ? Termination(status: (status >> 8) & 0xFF, signal: nil) : Termination(status: 128 + signal, signal: signal)
        condition.withLock {
            termination = ended
            condition.broadcast()
        }
    }

    private func collect(_ descriptor: Int32, into append: @escaping @Sendable (ChildProcess, ArraySlice<UInt8>) -> Void) {
        Thread.detachNewThread { [self] in
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                condition.withLock {
                    if count > 0 { append(self, chunk[0..<count]) } else { openStreams -= 1 }
                    condition.broadcast()
                }
                if count <= 0 { break }
            }
            close(descriptor)
        }
    }

    private func feed(_ bytes: [UInt8]) {
        let descriptor = inputDescriptor
        inputDescriptor = -1
        Thread.detachNewThread {
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { break }
                offset += written
            }
            close(descriptor)
        }
    }
}
