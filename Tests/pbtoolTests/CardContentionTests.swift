import Foundation
import PCSC
import Testing
import TestSupport

/// Another application holding the card: status degrades, and a command that would wait forever
/// ends at its --timeout with exit 7.
@Suite(.serialized, .timeLimit(.minutes(15))) struct CardContentionTests {
    @Test func aTransactionHeldElsewhereEndsInATimeoutNotAHang() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach()
            defer { try? attached.detach() }
            let holder = try PCSCContext().connect(to: attached.reader)
            let released = HoldSignal(), holds = HoldSignal()
            let holding = Thread {
                try? holder.withTransaction { _ in
                    holds.fire()
                    released.wait()
                }
            }
            holding.start()
            defer { released.fire() }
            holds.wait()
            let outcome = try PBToolProcess.run(["apdu", "send", "--timeout", "1", "00A4040000"])
            #expect(outcome.status == 7, "\(outcome.standardError)")
            #expect(outcome.standardError.contains("timed out after 1 s"))
        }
    }

    @Test func aPcscdThatNeverAnswersEndsInATimeoutNotAHang() throws {
        let silent = try SilentSocket()
        for arguments in [["card", "readers", "--timeout", "1"], ["apdu", "send", "--timeout", "1", "00A4040000"],
                          ["card", "fingers", "--timeout", "1"]] {
            let outcome = try PBToolProcess.run(arguments, environment: ["PCSCLITE_CSOCK_NAME": silent.path])
            #expect(outcome.status == 7, "\(arguments): \(outcome.standardError)")
            #expect(outcome.standardError.contains("timed out after 1 s waiting for pcscd"), "\(arguments): \(outcome.standardError)")
        }
    }

    @Test func statusShowsACardHeldExclusivelyElsewhere() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach()
            defer { try? attached.detach() }
            let holder = try PCSCContext().connect(to: attached.reader, share: .exclusive)
            defer { try? holder.disconnect() }
            let outcome = try PBToolProcess.run(["card", "status"])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            #expect(outcome.standardOutput.contains("another application holds the card exclusively"))
            #expect(outcome.standardOutput.contains("exclusive"))
        }
    }

    /// Issue 24, item 6: an exclusive holder is waited for up to --timeout, as a transaction
    /// holder is (exit 7), instead of failing at once (exit 3); a holder that lets go in time
    /// lets the command through.
    @Test func anExclusiveHolderIsWaitedForUntilTheTimeout() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach()
            defer { try? attached.detach() }
            let holder = try PCSCContext().connect(to: attached.reader, share: .exclusive)
            for arguments in [["apdu", "send", "--timeout", "1", "00A4040000"], ["card", "fingers", "--timeout", "1"],
                              ["idstore", "list", "--timeout", "1"]] {
                let outcome = try PBToolProcess.run(arguments)
                #expect(outcome.status == 7, "\(arguments): \(outcome.standardError)")
                #expect(outcome.standardError.contains("timed out after 1 s"), "\(arguments): \(outcome.standardError)")
            }
            let waiting = try ChildProcess(PBToolProcess.executable.path, ["idstore", "list", "--timeout", "1h"])
            try holder.disconnect()
            let ended = try waiting.waitForExit()
            #expect(ended.status == 0, "\(waiting.standardError)")
            #expect(waiting.standardOutput.contains("IDStore: 16 containers"), "\(waiting.standardOutput)")
        }
    }
}

/// A gate one thread waits on until another opens it.
final class HoldSignal: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var isOpen = false

    func wait() { semaphore.wait() }

    func fire() {
        let first: Bool = lock.withLock {
            defer { isOpen = true }
            return !isOpen
        }
        if first { semaphore.signal() }
    }
}

/// A Unix socket that takes connections and never answers: pcscd hung before its first reply.
final class SilentSocket {
    let path: String
    private let descriptor: Int32

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("silent-pcscd-\(UUID().uuidString.prefix(8)).sock").path
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() where index < buffer.count - 1 { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard descriptor >= 0, bound == 0, listen(descriptor, 8) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    deinit {
        close(descriptor)
        unlink(path)
    }
}
