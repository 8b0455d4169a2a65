import Foundation
import PCSC
import TestSupport

/// Collects events from a `ReaderEvents` sequence on a task, for tests to wait on.
final class EventRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [ReaderEvent] = []
    private var task: Task<Void, Never>?

    init(_ sequence: ReaderEvents) {
        task = Task { [weak self] in
            do {
                for try await event in sequence { self?.append(event) }
            } catch {
                self?.append(.readerRemoved(reader: "sequence failed: \(error)"))
            }
        }
    }

    /// Waits until `event` has been seen, and forgets everything up to it (`limit` only turns a
    /// hang into a failure).
    func waitFor(_ event: ReaderEvent, within limit: Duration = TestPatience.limit) async throws {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            let found: Bool = lock.withLock {
                guard let index = events.firstIndex(of: event) else { return false }
                events.removeFirst(index + 1)
                return true
            }
            if found { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw LiveStackError("no \(event) within \(limit); saw \(lock.withLock { events })")
    }

    /// Ends the iteration and waits until it has.
    func stop() async {
        task?.cancel()
        await task?.value
    }

    private func append(_ event: ReaderEvent) { lock.withLock { events.append(event) } }
}
