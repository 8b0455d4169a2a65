import Foundation
import PCSC
import Testing
import TestSupport

/// Another application holding the card: status degrades, and a command that would wait forever
/// ends at its --timeout with exit 7.
@Suite(.serialized, .timeLimit(.minutes(2))) struct CardContentionTests {
    @Test func aTransactionHeldElsewhereEndsInATimeoutNotAHang() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach()
            defer { try? attached.detach() }
            let holder = try PCSCContext().connect(to: attached.reader)
            let released = HoldSignal()
            let holding = Thread {
                try? holder.withTransaction { _ in released.wait() }
            }
            holding.start()
            defer { released.fire() }
            try await Task.sleep(for: .milliseconds(300))
            let start = ContinuousClock.now
            let outcome = try PBToolProcess.run(["apdu", "send", "--timeout", "1", "00A4040000"], timeout: .seconds(20))
            #expect(outcome.status == 7, "\(outcome.standardError)")
            #expect(outcome.standardError.contains("timed out after 1 s"))
            #expect(ContinuousClock.now - start < .seconds(10))
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
