import Foundation

/// Notices a card operation that takes longer than the run's timeout.
///
/// pcsc-lite cannot cancel `SCardConnect` or `SCardTransmit`, so a stuck reader or card would
/// hang the run; instead the watch calls `onTimeout` from its own thread, which reports what had
/// passed and ends the process. Pauses (`sleep`) are not card operations and are not watched.
///
/// The watching thread sleeps until the deadline of the operation under way, or for one whole
/// timeout when none is: an operation that starts meanwhile cannot expire before it wakes. So a
/// run of short operations wakes it about once per timeout, not once per APDU or per tick; a
/// script replay is a ping-pong with pcscd, and every extra wake-up on a two-core machine made
/// its round trips slower (make bench, apdu-script).
final class CardOperationWatch: @unchecked Sendable {
    private let seconds: Double
    private let limit: Duration
    private let lock = NSLock()
    private var current: Operation?
    private var stopped = false
    private let onTimeout: @Sendable (String) -> Void

    private struct Operation {
        let what: () -> String
        let deadline: ContinuousClock.Instant
    }

    /// A watch allowing `seconds` per operation; `onTimeout` gets what was being waited for.
    init(seconds: Double, onTimeout: @escaping @Sendable (String) -> Void) {
        self.seconds = seconds
        limit = .milliseconds(Int(seconds * 1000))
        self.onTimeout = onTimeout
    }

    /// Starts the watching thread.
    func start() {
        let thread = Thread { [self] in watch() }
        thread.name = "pbtool card watch"
        thread.start()
    }

    /// Stops watching; the thread ends when it next wakes.
    func stop() {
        lock.withLock {
            stopped = true
            current = nil
        }
    }

    /// Runs `body` as one watched operation described by `what`, worded only if it times out.
    func guarded<Result>(_ what: @escaping @autoclosure () -> String, _ body: () throws -> Result) throws -> Result {
        lock.withLock { current = Operation(what: what, deadline: ContinuousClock.now + limit) }
        defer { lock.withLock { current = nil } }
        return try body()
    }

    private func watch() {
        while true {
            let (wake, expired) = nextCheck()
            if let expired {
                onTimeout("timed out after \(seconds.formattedSeconds) s \(expired)")
                return
            }
            guard let wake else { return }
            let (seconds, attoseconds) = (wake - ContinuousClock.now).components
            Thread.sleep(forTimeInterval: max(0.001, Double(seconds) + Double(attoseconds) / 1e18))
        }
    }

    /// When to look again (nil: stopped), or what expired.
    private func nextCheck() -> (wake: ContinuousClock.Instant?, expired: String?) {
        lock.withLock {
            guard !stopped else { return (nil, nil) }
            let now = ContinuousClock.now
            guard let operation = current else { return (now + limit, nil) }
            guard now >= operation.deadline else { return (operation.deadline, nil) }
            stopped = true
            current = nil
            return (nil, operation.what())
        }
    }
}
