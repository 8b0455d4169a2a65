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
            let send = try PBToolProcess.run(["apdu", "send", "00A4040000"])
            #expect(send.status == 3)
            #expect(send.standardError.contains("another application holds the card exclusively"))
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
