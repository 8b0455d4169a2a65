import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Spawning

/// Serialises live-stack tests: one at a time in this process (an async FIFO lock, so waiting
/// never blocks a thread of Swift's small cooperative pool) and one at a time on the machine
/// (`flock` on `/tmp/pbtool-live-stack.lock`, shared by every worktree and test target).
///
/// pcsc-lite allows one pcscd per machine and each vpcd port one card, so tests that drive them
/// must not overlap.
public enum LiveStackLock {
    /// The lock file every process on the machine agrees on.
    public static let path = "/tmp/pbtool-live-stack.lock"

    /// Waits for both locks, runs `body`, and releases them. Other worktrees' test runs queue
    /// for the same lock, one test at a time each; `timeout` only turns a holder that hangs into
    /// a failure.
    public static func withExclusiveAccess<Result>(
        timeout: Duration = .seconds(1800), _ body: () async throws -> Result
    ) async throws -> Result {
        try await processLock.acquire(timeout: timeout)
        do {
            let descriptor = try await lockFile(timeout: timeout)
            defer {
                _ = flock(descriptor, LOCK_UN)
                close(descriptor)
            }
            let result = try await body()
            await processLock.release()
            return result
        } catch {
            await processLock.release()
            throw error
        }
    }

    private static let processLock = AsyncLock()

    private static func lockFile(timeout: Duration) async throws -> Int32 {
        let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw LiveStackError("cannot open \(path): \(String(cString: strerror(errno)))") }
        let deadline = ContinuousClock.now + timeout
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard ContinuousClock.now < deadline else {
                close(descriptor)
                throw LiveStackError("another process held \(path) for more than \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return descriptor
    }
}
