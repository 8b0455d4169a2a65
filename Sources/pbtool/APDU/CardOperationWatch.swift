import Dispatch
import Foundation

/// Notices a card operation that takes longer than the run's timeout.
///
/// pcsc-lite cannot cancel `SCardConnect` or `SCardTransmit`, so a stuck reader or card would
/// hang the run; instead the watch calls `onTimeout` from its own thread, which reports what had
/// passed and ends the process. Pauses (`sleep`) are not card operations and are not watched.
final class CardOperationWatch: @unchecked Sendable {
    private let seconds: Double
    private let limit: Duration
    private let lock = NSLock()
    private var current: (what: String, deadline: ContinuousClock.Instant)?
    private var timer: (any DispatchSourceTimer)?
    private let onTimeout: @Sendable (String) -> Void

    /// A watch allowing `seconds` per operation; `onTimeout` gets what was being waited for.
    init(seconds: Double, onTimeout: @escaping @Sendable (String) -> Void) {
        self.seconds = seconds
        limit = .milliseconds(Int(seconds * 1000))
        self.onTimeout = onTimeout
    }

    /// Starts checking (every 50 ms).
    func start() {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        timer.schedule(deadline: .now() + .milliseconds(50), repeating: .milliseconds(50))
        timer.setEventHandler { [weak self] in self?.check() }
        timer.resume()
        lock.withLock { self.timer = timer }
    }

    /// Stops checking.
    func stop() {
        lock.withLock {
            timer?.cancel()
            timer = nil
        }
    }

    /// Runs `body` as one watched operation described by `what`.
    func guarded<Result>(_ what: String, _ body: () throws -> Result) throws -> Result {
        lock.withLock { current = (what, ContinuousClock.now + limit) }
        defer { lock.withLock { current = nil } }
        return try body()
    }

    private func check() {
        let expired: String? = lock.withLock {
            guard let current, ContinuousClock.now >= current.deadline else { return nil }
            self.current = nil
            timer?.cancel()
            return current.what
        }
        if let expired {
            onTimeout("timed out after \(seconds.formattedSeconds) s \(expired)")
        }
    }

    deinit { timer?.cancel() }
}
