import Foundation
import PCSC
import Spawning

/// `pbtool card emulate` running as a separate process, as a user would start it.
public final class EmulatorProcess: @unchecked Sendable {
    /// The reader the emulated card appears in.
    public let reader: String
    private let child: ChildProcess

    /// Starts `pbtool card emulate --port port extraArguments…` and waits until pcscd reports the
    /// card present.
    public init(port: UInt16 = 35963, arguments extraArguments: [String] = []) throws {
        guard let reader = PCSCDaemon.vpcdReaders[port] else { throw LiveStackError("no vpcd reader on port \(port)") }
        self.reader = reader
        child = try ChildProcess(PBToolBinary.url.path, ["card", "emulate", "--port", String(port)] + extraArguments,
                                 mergingErrors: true)
        do {
            try ReaderWatch.waitForCard(in: reader, present: true, unless: { !self.child.isRunning })
        } catch {
            child.send(SIGKILL)
            _ = try? child.waitForExit()
            throw LiveStackError("\(error); emulator said: \(child.standardOutput)")
        }
    }

    /// The emulator's process id (for `/proc`).
    public var processIdentifier: Int32 { child.identifier }

    /// Sends SIGTERM (as `kill` would), waits for the process to end and for pcscd to report the
    /// reader empty; returns the exit status and everything it printed.
    @discardableResult
    public func stop() throws -> (status: Int32, output: String) {
        child.send(SIGTERM)
        let ended = try child.waitForExit()
        try ReaderWatch.waitForCard(in: reader, present: false)
        return (ended.status, child.standardOutput)
    }
}
