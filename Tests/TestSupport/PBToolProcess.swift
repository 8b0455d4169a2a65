import Foundation
import LiveCardStack

/// Runs the built `pbtool` binary, as a user or a script would, and captures what it printed.
public struct PBToolProcess {
    public struct Outcome: Sendable {
        public let status: Int32
        public let standardOutput: String
        public let standardError: String
    }

    /// The `pbtool` executable built beside the test bundle (`.build/<config>/pbtool`).
    public static var executable: URL { PBToolBinary.url }

    /// Runs `pbtool arguments…`, feeding `input` on standard input, and waits at most `timeout`.
    public static func run(_ arguments: [String], input: String? = nil,
                           environment: [String: String] = [:],
                           timeout: Duration = .seconds(60)) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { _, new in new }
        process.environment = env
        let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try? stdin.fileHandleForWriting.close()

        // Read both pipes while the child runs so a chatty child never blocks on a full pipe.
        let outData = OutputCollector(stdout.fileHandleForReading)
        let errData = OutputCollector(stderr.fileHandleForReading)
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now > deadline {
                process.terminate()
                process.waitUntilExit()
                throw TimedOut(arguments: arguments, timeout: timeout)
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus,
                       standardOutput: outData.finish(), standardError: errData.finish())
    }

    public struct TimedOut: Error, CustomStringConvertible {
        public let arguments: [String]
        public let timeout: Duration
        public var description: String { "pbtool \(arguments.joined(separator: " ")) ran past \(timeout)" }
    }
}

/// Drains a pipe on a background thread.
private final class OutputCollector: @unchecked Sendable {
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
