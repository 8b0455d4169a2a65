import Foundation
@testable import PCSC
import Testing
import TestSupport
import VirtualCard

/// Status-change waits, their cancellation, and the event sequence, against the real pcscd.
@Suite(.serialized, .timeLimit(.minutes(15))) struct StatusChangeTests {
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
            // A cancel that comes before the waiter is inside SCardGetStatusChange has nothing to
            // end, so cancel until the wait reports it (a loaded machine may start the thread late).
            try await TestPatience.until("the wait to end") {
                context.cancel()
                return outcome.value != nil
            }
            #expect(outcome.value == "cancelled")
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

/// A string set once from another thread.
final class WaitOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?

    func set(_ value: String) { lock.withLock { stored = value } }

    var value: String? { lock.withLock { stored } }
}

/// The monitor thread behind `ReaderEvents` ends with the loop that used it.
///
/// Only tests inside `LiveStack.run` start monitors, one section at a time; but an earlier
/// section's monitor may still be winding down when the next section begins (on a loaded machine
/// its thread returns from its cancelled wait late), so each test first waits for none to run.
@Suite(.serialized, .timeLimit(.minutes(15))) struct ReaderEventsLifetimeTests {
    @Test func leavingTheLoopStopsTheMonitor() async throws {
        try await LiveStack.run {
            try await Self.untilNoMonitorRuns("earlier tests' monitors to stop")
            for try await event in ReaderEvents(reportsCurrentState: true) {
                if case .readerAdded = event { break }
            }
            try await Self.untilNoMonitorRuns("the monitor to stop")
        }
    }

    @Test func cancellingTheTaskStopsTheMonitor() async throws {
        try await LiveStack.run {
            try await Self.untilNoMonitorRuns("earlier tests' monitors to stop")
            let task = Task {
                for try await _ in ReaderEvents() {}
            }
            try await TestPatience.until("the monitor to start") { ReaderMonitor.runningCount == 1 }
            task.cancel()
            _ = await task.result
            try await Self.untilNoMonitorRuns("the monitor to stop")
        }
    }

    private static func untilNoMonitorRuns(_ what: String) async throws {
        try await TestPatience.until(what) { ReaderMonitor.runningCount == 0 }
    }
}
