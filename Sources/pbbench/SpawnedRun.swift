import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One run of a program, output discarded, timed from spawn to reaping.
///
/// `posix_spawn` and `waitpid` rather than Foundation's `Process`: `Process` notices an exit
/// through a monitoring thread and the run loop, whose wake-ups land in the middle of the
/// millisecond-scale timings compared here.
enum SpawnedRun {
    /// Wall time of one run in milliseconds; throws when it cannot start or exits with a status
    /// outside `accepted`.
    static func milliseconds(_ executable: String, _ arguments: [String], accepted: Set<Int32> = [0]) throws -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let start = ContinuousClock.now
        let spawned = posix_spawn(&child, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchFailure("cannot start \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let elapsed = (ContinuousClock.now - start) / .milliseconds(1)
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        guard status & 0x7F == 0, accepted.contains((status >> 8) & 0xFF) else {
            throw BenchFailure("\(executable) \(arguments.joined(separator: " ")) ended with status \(status)")
        }
        return elapsed
    }
}
