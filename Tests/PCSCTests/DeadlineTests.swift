import Foundation
import PCSC
import Testing
import TestSupport
import VirtualCard

/// The one deadline and cancellation mechanism, through the real stack: a call pcsc-lite cannot
/// cancel (beginning a transaction while another application holds one) ends at its deadline
/// or when another thread interrupts it, the context is spent, and others are not touched.
@Suite(.serialized, .timeLimit(.minutes(2))) struct DeadlineTests {
    private let selectDemo: [UInt8] = [0x00, 0xA4, 0x04, 0x00, 0x08] + DemoApplet.demoAID + [0x00]

    /// A card connected through a fresh context while another application holds a transaction on
    /// it. pcscd makes SCardConnect wait for a transaction to end, so it connects before it begins.
    private func withCardHeldByAnother(_ body: (PCSCContext, PCSCCard, HeldTransaction, String) throws -> Void) async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach()
            defer { try? attached.detach() }
            let context = try PCSCContext()
            let card = try context.connect(to: attached.reader)
            let holder = try HeldTransaction(reader: attached.reader)
            defer { holder.release() }
            try body(context, card, holder, attached.reader)
        }
    }

    @Test func aCallBlockedPastItsDeadlineThrowsATimeoutNamingWhatItAwaited() async throws {
        try await withCardHeldByAnother { context, card, holder, reader throws in
            let error = #expect(throws: PCSCError.timeout) {
                try context.withDeadline(.milliseconds(500), awaiting: "the card") {
                    try card.withTransaction { _ in }
                }
            }
            #expect(error?.description == "timed out after 0.5 s waiting for the card")
            #expect(context.isInterrupted)
            #expect(throws: PCSCError.timeout) { try card.transmit(selectDemo) }
            #expect(throws: PCSCError.timeout) { try context.readers() }
            holder.release()
            // The holder's connection and every other context go on.
            #expect(try holder.card.transmit(selectDemo).suffix(2) == [0x90, 0x00])
            #expect(try PCSCContext().connect(to: reader).transmit(selectDemo).suffix(2) == [0x90, 0x00])
        }
    }

    @Test func aCardsOperationLimitBoundsEachCall() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach()
            defer { try? attached.detach() }
            let card = try PCSCContext().connect(to: attached.reader)
            card.operationLimit = .seconds(30)
            #expect(try card.transmit(selectDemo).suffix(2) == [0x90, 0x00])
            let holder = try HeldTransaction(reader: attached.reader)
            defer { holder.release() }
            card.operationLimit = .milliseconds(300)
            let error = #expect(throws: PCSCError.timeout) { try card.withTransaction { _ in } }
            #expect(error?.description == "timed out after 0.3 s waiting for another application's transaction to end")
        }
    }

    @Test func anotherThreadInterruptsABlockedCallAsCancelled() async throws {
        try await withCardHeldByAnother { context, card, holder, _ throws in
            let outcome = ThreadOutcome()
            let waiter = Thread { outcome.finish { try card.withTransaction { _ in } } }
            waiter.start()
            // Before or during the wait, the result is the same: the call ends as cancelled.
            context.interrupt()
            let error = outcome.wait()
            #expect(error as? PCSCError == .cancelled, "\(String(describing: error))")
            #expect(holder.isHeld)
        }
    }

    @Test func aDeadlineThatDoesNotPassChangesNothing() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach()
            defer { try? attached.detach() }
            let context = try PCSCContext(deadline: PCSCDeadline(after: .seconds(60), awaiting: "pcscd"))
            let card = try context.connect(to: attached.reader)
            for _ in 0..<20 {
                _ = try context.withDeadline(.seconds(30), awaiting: "the card") { try card.transmit(selectDemo) }
            }
            #expect(!context.isInterrupted)
        }
    }
}

/// Another application holding a transaction on the card, on a thread of its own, until released.
private final class HeldTransaction: @unchecked Sendable {
    let card: PCSCCard
    private let began = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var holding = false
    private var releasedOnce = false

    /// Connects and begins the transaction; returns once it is held.
    init(reader: String) throws {
        card = try PCSCContext().connect(to: reader)
        let thread = Thread { [self] in
            try? card.withTransaction { _ in
                lock.withLock { holding = true }
                began.signal()
                released.wait()
                lock.withLock { holding = false }
            }
            ended.signal()
        }
        thread.start()
        began.wait()
    }

    var isHeld: Bool { lock.withLock { holding } }

    /// Ends the transaction and waits until it has ended; later calls do nothing.
    func release() {
        let first = lock.withLock { () -> Bool in
            defer { releasedOnce = true }
            return !releasedOnce
        }
        guard first else { return }
        released.signal()
        ended.wait()
    }
}

/// The error a body on another thread ended with (nil when it returned).
private final class ThreadOutcome: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var error: (any Error)?

    func finish(_ body: () throws -> Void) {
        do { try body() } catch { self.error = error }
        done.signal()
    }

    func wait() -> (any Error)? {
        done.wait()
        return error
    }
}
