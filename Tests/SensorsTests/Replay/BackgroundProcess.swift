import Foundation
import TestSupport

/// A child process the test does not wait for at once: its standard error is collected as it
/// comes, so the test can wait for a line before acting.
final class BackgroundProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var errorText = ""

    init(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        let error = Pipe()
        process.standardError = error
        error.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            lock.withLock { errorText += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
    }

    /// Standard error so far.
    var standardError: String { lock.withLock { errorText } }

    /// Returns once standard error contains `text`; throws when the process ends first or the
    /// tests' patience runs out.
    func waitForError(_ text: String) throws {
        let end = ContinuousClock.now + TestPatience.limit
        while !standardError.contains(text) {
            guard process.isRunning, ContinuousClock.now < end else { throw NeverSaid(text: text, said: standardError) }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Whether the process still runs.
    var isRunning: Bool { process.isRunning }

    /// The exit status waiting up to `timeout` (then the process is killed and this throws).
    func wait(timeout: Duration) throws -> Int32 {
        let end = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now > end {
                process.terminate()
                throw NeverSaid(text: "exit", said: standardError)
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        process.waitUntilExit()
        Thread.sleep(forTimeInterval: 0.05)
        return process.terminationStatus
    }

    struct NeverSaid: Error, CustomStringConvertible {
        let text: String
        let said: String
        var description: String { "the process never said \"\(text)\"; it said: \(said)" }
    }
}
