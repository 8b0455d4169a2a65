import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starts a self-daemonising program (pcscd) so that it behaves as if started from a shell.
///
/// Foundation's `Process` hands the child the calling thread's blocked-signal mask; under the
/// test runner that mask blocks SIGTERM, and pcscd never unblocks it, so `kill` could not stop
/// the daemon afterwards. `posix_spawn` with an empty mask and default dispositions avoids that.
/// Standard input, output and error are `/dev/null`: a daemon keeps what it inherits, and a pipe
/// it holds would never reach end of file.
enum DaemonLauncher {
    /// Runs `path` without arguments, waits for it (the daemon's parent exits after forking) and
    /// returns its exit status.
    static func run(_ path: String) throws -> Int32 {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var resetSignals = sigset_t()
        sigemptyset(&resetSignals)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGUSR1, SIGUSR2] { sigaddset(&resetSignals, signal) }
        posix_spawnattr_setsigdefault(&attributes, &resetSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }

        let arguments = [strdup(path)]
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") }
        defer { (arguments + environment).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, arguments + [nil], environment + [nil])
        guard spawned == 0 else { throw LiveStackError("cannot start \(path): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WEXITSTATUS, spelled out because Swift does not import the macro.
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
