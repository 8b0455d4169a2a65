import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The work waiting for a connection's loop thread, and the pipe that wakes the loop for it:
/// what ``BusConnection/perform(_:)`` and the ``BusLoopExecutor`` hand over, from any thread.
final class BusLoopQueue: @unchecked Sendable {
    /// The loop polls this; a byte arrives with each piece of work.
    let wakeDescriptor: Int32
    private let wakeWriter: Int32
    private let lock = NSLock()
    private var jobs: [@Sendable () -> Void] = []
    private var loopThread: pthread_t?

    init() throws(BusFailure) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0, ends.allSatisfy({ fcntl($0, F_SETFD, FD_CLOEXEC) == 0 && fcntl($0, F_SETFL, O_NONBLOCK) == 0 }) else {
            throw BusFailure(operation: "creating the wake-up pipe", code: -errno)
        }
        (wakeDescriptor, wakeWriter) = (ends[0], ends[1])
    }

    /// Queues `work` and wakes the loop.
    func add(_ work: @escaping @Sendable () -> Void) {
        lock.withLock { jobs.append(work) }
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
    }

    /// Runs and forgets the work queued so far; work queued meanwhile waits for the next round.
    func runQueued() {
        let queued = lock.withLock { () -> [@Sendable () -> Void] in
            defer { jobs.removeAll() }
            return jobs
        }
        for work in queued { work() }
    }

    /// Called by the loop thread before it serves.
    func becomeLoopThread() {
        lock.withLock { loopThread = pthread_self() }
    }

    /// Whether the caller runs on the loop thread.
    var isLoopThread: Bool {
        lock.withLock { loopThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    /// Empties the pipe after a wake-up.
    func drainWakeups() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakeDescriptor, &buffer, buffer.count) > 0 {}
    }
}
