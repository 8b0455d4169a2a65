import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starts a self-daemonising program (pcscd) so that it behaves as if started from a shell:
/// an empty signal mask and default dispositions (under the test runner SIGTERM is blocked,
/// pcscd never unblocks it, and `kill` could not stop the daemon afterwards), standard streams
/// on `/dev/null`.
public enum DaemonLauncher {
    /// Runs `path` without arguments, waits for it (the daemon's parent exits after forking) and
    /// returns its exit status.
    public static func run(_ path: String) throws -> Int32 {
        let pid = try Spawner.spawn(path, [], environment: ProcessInfo.processInfo.environment, pipes: nil)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WEXITSTATUS, spelled out because Swift does not import the macro.
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
