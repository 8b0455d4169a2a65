import Foundation
@testable import PCSC
import Testing
import TestSupport
import VirtualCard

/// Status-change waits, their cancellation, and the event sequence, against the real pcscd.
@Suite(.serialized, .timeLimit(.minutes(2))) struct StatusChangeTests {
    @Test func aWaitWithoutChangeTimesOut() async throws {
        try await LiveStack.run {
            let context = try PCSCContext()
            var states = [ReaderState(reader: "Virtual PCD 00 01")]
            #expect(try context.waitForStatusChange(&states, timeout: .zero))
            let start = ContinuousClock.now
            #expect(try !context.waitForStatusChange(&states, timeout: .milliseconds(300)))
            #expect(ContinuousClock.now - start >= .milliseconds(250))
        }
    }

    @Test func cancelEndsABlockingWait() async throws {
        try await LiveStack.run {
            let context = try PCSCContext()
            var states = [ReaderState(reader: "Virtual PCD 00 01")]
            try context.waitForStatusChange(&states, timeout: .zero)
            let outcome = WaitOutcome()
            let waiter = Thread { [states] in
                var waiting = states
                do {
                    try context.waitForStatusChange(&waiting, timeout: nil)
                    outcome.set("changed")
                } catch {
                    outcome.set((error as? PCSCError) == .cancelled ? "cancelled" : "\(error)")
                }
            }
            waiter.start()
            try await Task.sleep(for: .milliseconds(300))
            context.cancel()
            #expect(await outcome.value(within: .seconds(5)) == "cancelled")
        }
    }

    @Test func waitingOnAnUnknownReaderFailsByName() async throws {
        try await LiveStack.run {
            var states = [ReaderState(reader: "No Such Reader 00 00")]
            #expect(throws: PCSCError.unknownReader) {
                try PCSCContext().waitForStatusChange(&states, timeout: .zero)
            }
        }
    }

    @Test func insertionAndRemovalArriveAsEvents() async throws {
        try await LiveStack.run {
            let events = EventRecorder(ReaderEvents(reportsCurrentState: true))
            try await events.waitFor(.readerAdded(reader: "Virtual PCD 00 00"))
            let attached = try AttachedVirtualCard.attach()
            try await events.waitFor(.cardInserted(reader: attached.reader, atr: VirtualCard.defaultATR))
            try attached.detach()
            try await events.waitFor(.cardRemoved(reader: attached.reader))
            await events.stop()
        }
    }
}

/// A string set once from another thread, awaited with a limit.
final class WaitOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?

    func set(_ value: String) { lock.withLock { stored = value } }

    func value(within limit: Duration) async -> String? {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if let value = lock.withLock({ stored }) { return value }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }
}

/// The monitor thread behind `ReaderEvents` ends with the loop that used it.
@Suite(.serialized, .timeLimit(.minutes(1))) struct ReaderEventsLifetimeTests {
    @Test func leavingTheLoopStopsTheMonitor() async throws {
        try await LiveStack.run {
            let before = ReaderMonitor.runningCount
            for try await event in ReaderEvents(reportsCurrentState: true) {
                if case .readerAdded = event { break }
            }
            #expect(try await runningCount(reaches: before, within: .seconds(5)))
        }
    }

    @Test func cancellingTheTaskStopsTheMonitor() async throws {
        try await LiveStack.run {
            let before = ReaderMonitor.runningCount
            let task = Task {
                for try await _ in ReaderEvents() {}
            }
            try await Task.sleep(for: .milliseconds(300))
            #expect(ReaderMonitor.runningCount == before + 1)
            task.cancel()
            _ = await task.result
            #expect(try await runningCount(reaches: before, within: .seconds(5)))
        }
    }

    private func runningCount(reaches expected: Int, within limit: Duration) async throws -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if ReaderMonitor.runningCount <= expected { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }
}
