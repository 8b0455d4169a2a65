import Foundation

/// The one thread that ends PC/SC calls at their deadlines.
///
/// It sleeps until the earliest armed deadline and is woken only when a deadline earlier than
/// that is armed, so arming and disarming one per APDU (a script replay) costs two lock round
/// trips and no thread switch. A passed deadline's action runs with the lock held, so once
/// ``disarm(_:)`` returns the action can no longer run: it never touches a socket its context
/// has closed since.
final class DeadlineWatcher: @unchecked Sendable {
    static let shared = DeadlineWatcher()

    private struct Entry {
        let instant: ContinuousClock.Instant
        let action: @Sendable () -> Void
    }

    private let condition = NSCondition()
    // Guarded by `condition`.
    private var entries: [Int: Entry] = [:]
    private var lastIdentifier = 0
    private var isRunning = false
    private var wakeInstant: ContinuousClock.Instant?

    /// Runs `action` at `instant` unless disarmed first; returns the handle to disarm it with.
    /// `action` must be quick and must not call back into PCSC (it runs under the lock).
    func arm(at instant: ContinuousClock.Instant, _ action: @escaping @Sendable () -> Void) -> Int {
        condition.lock()
        defer { condition.unlock() }
        if !isRunning { start() }
        lastIdentifier += 1
        entries[lastIdentifier] = Entry(instant: instant, action: action)
        if wakeInstant.map({ instant < $0 }) ?? true { condition.signal() }
        return lastIdentifier
    }

    /// Forgets the deadline `identifier`; after this returns its action will not run.
    func disarm(_ identifier: Int) {
        condition.lock()
        entries[identifier] = nil
        condition.unlock()
    }

    private func start() {
        isRunning = true
        let thread = Thread { [self] in watch() }
        thread.name = "pcsc-deadlines"
        thread.start()
    }

    private func watch() {
        condition.lock()
        while true {
            let now = ContinuousClock.now
            for (identifier, entry) in entries where entry.instant <= now {
                entries[identifier] = nil
                entry.action()
            }
            wakeInstant = entries.values.map(\.instant).min()
            if let wakeInstant {
                _ = condition.wait(until: Date(timeIntervalSinceNow: (wakeInstant - now) / .seconds(1)))
            } else {
                condition.wait()
            }
        }
    }
}
