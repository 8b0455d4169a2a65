import Foundation

/// Cancels an operation whose flow may still be being built on its own thread: a cancel that
/// comes first keeps the flow from running at all.
final class OperationHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private var cancelFlow: (@Sendable () -> Void)?

    func cancel() {
        let pending = lock.withLock {
            cancelled = true
            return cancelFlow
        }
        pending?()
    }

    /// Registers the built flow's cancel; false when the operation was cancelled already.
    func attach(_ cancel: @escaping @Sendable () -> Void) -> Bool {
        lock.withLock {
            guard !cancelled else { return false }
            cancelFlow = cancel
            return true
        }
    }
}
