import Foundation
import PCSC

/// `pbtool card emulate` running as a separate process, as a user would start it.
public final class EmulatorProcess: @unchecked Sendable {
    /// The reader the emulated card appears in.
    public let reader: String
    private let process = Process()
    private let output = Pipe()

    /// Starts `pbtool card emulate --port port extraArguments…` and waits until pcscd reports the
    /// card present (at most `timeout`).
    public init(port: UInt16 = 35963, arguments extraArguments: [String] = [],
                timeout: Duration = .seconds(15)) throws {
        guard let reader = PCSCDaemon.vpcdReaders[port] else { throw LiveStackError("no vpcd reader on port \(port)") }
        self.reader = reader
        process.executableURL = PBToolBinary.url
        process.arguments = ["card", "emulate", "--port", String(port)] + extraArguments
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        do {
            try ReaderWatch.waitForCard(in: reader, present: true, timeout: timeout)
        } catch {
            process.terminate()
            process.waitUntilExit()
            throw LiveStackError("\(error); emulator said: \(String(decoding: output.fileHandleForReading.availableData, as: UTF8.self))")
        }
    }

    /// The emulator's process id (for `/proc`).
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Sends SIGTERM (as `kill` would), waits for the process to end (at most `timeout`) and for
    /// pcscd to report the reader empty; returns the exit status and everything it printed.
    @discardableResult
    public func stop(timeout: Duration = .seconds(10)) throws -> (status: Int32, output: String) {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                kill(process.processIdentifier, SIGKILL)
                throw LiveStackError("pbtool card emulate did not stop within \(timeout) of SIGTERM")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        try ReaderWatch.waitForCard(in: reader, present: false, timeout: timeout)
        return (process.terminationStatus, printed)
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
