import Foundation

/// A one-shot signal a task can await, fired from any thread.
final class AsyncStopSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var isFired = false
    private var waiter: CheckedContinuation<Void, Never>?

    func fire() {
        let continuation: CheckedContinuation<Void, Never>? = lock.withLock {
            isFired = true
            defer { waiter = nil }
            return waiter
        }
        continuation?.resume()
    }

    /// Whether the signal has fired (for synchronous loops that look now and then).
    var hasFired: Bool { lock.withLock { isFired } }

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow: Bool = lock.withLock {
                if isFired { return true }
                waiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
