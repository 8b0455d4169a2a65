import Foundation
import Glibc

/// Runs a key command (`/bin/sh -c COMMAND`) and reads the key from its standard output
/// straight into secret memory, with a deadline.
enum KeyCommand {
    /// Longest standard output accepted.
    static let outputLimit = 4096
    /// How much standard error is kept for the failure message.
    static let errorLimit = 512

    static func run(_ command: String, timeout: Duration) throws -> SecretBytes {
        let child = try SpawnedShell(command)
        let output = SecretBytes(count: outputLimit + 1)
        var message: [UInt8] = []
        let deadline = ContinuousClock.now + timeout
        let drained = child.drain(into: output, errors: &message, until: deadline)
        guard let overflowed = drained, let status = child.wait(until: deadline) else {
            child.kill()
            throw UnlockError.keyCommandTimedOut(command: command, after: timeout)
        }
        // Output beyond the limit is not a key (the child may then die of SIGPIPE).
        guard !overflowed else { throw UnlockError.malformedKey(origin: "key command `\(command)` (more than \(outputLimit) bytes)") }
        guard status == 0 else {
            let text = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw UnlockError.keyCommandFailed(command: command, status: status, message: text)
        }
        return output
    }
}

/// A `/bin/sh -c` child in its own process group, its stdin on /dev/null, stdout and stderr on pipes.
private final class SpawnedShell {
    private let pid: pid_t
    private var output: Int32
    private var errors: Int32
    private var reaped = false

    init(_ command: String) throws {
        let outputPipe = try Self.makePipe(), errorPipe = try Self.makePipe()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe.write, 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe.write, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group, so a timeout kills whatever the shell started too.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let arguments = CStringArray(["/bin/sh", "-c", command])
        let environment = CStringArray(ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" })
        var child: pid_t = 0
        let rc = posix_spawn(&child, "/bin/sh", &actions, &attributes, arguments.pointers, environment.pointers)
        close(outputPipe.write)
        close(errorPipe.write)
        guard rc == 0 else {
            close(outputPipe.read)
            close(errorPipe.read)
            throw UnlockError.keyCommandFailed(command: command, status: -1, message: String(cString: strerror(rc)))
        }
        pid = child
        output = outputPipe.read
        errors = errorPipe.read
    }

    deinit {
        if output >= 0 { close(output) }
        if errors >= 0 { close(errors) }
        if !reaped { kill() }
    }

    /// Reads both pipes until both reach end of file; whether stdout overflowed `secret`, or nil
    /// when the deadline passed first.
    func drain(into secret: SecretBytes, errors message: inout [UInt8], until deadline: ContinuousClock.Instant) -> Bool? {
        var received = 0
        var buffer = [UInt8](repeating: 0, count: 256)
        while output >= 0 || errors >= 0 {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return nil }
            var descriptors = [pollfd(fd: output, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
            let milliseconds = Int32(min(remaining / .milliseconds(1), Double(Int32.max)).rounded(.up))
            guard poll(&descriptors, 2, milliseconds) >= 0 || errno == EINTR else { return nil }
            if descriptors[0].revents != 0 {
                let room = secret.count - received
                let count = room > 0 ? read(output, secret.pointer + received, room) : 0
                if count <= 0 { close(output); output = -1 } else { received += count }
            }
            if descriptors[1].revents != 0 {
                let count = read(errors, &buffer, buffer.count)
                if count <= 0 { close(errors); errors = -1 } else if message.count < KeyCommand.errorLimit {
                    message += buffer.prefix(count)
                }
            }
        }
        let overflowed = received > KeyCommand.outputLimit
        secret.shrink(to: overflowed ? 0 : received)
        return overflowed
    }

    /// Waits for the shell to exit; its exit status (128 + signal when killed), or nil at the deadline.
    func wait(until deadline: ContinuousClock.Instant) -> Int32? {
        var status: Int32 = 0
        while ContinuousClock.now < deadline {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                reaped = true
                // WIFEXITED/WEXITSTATUS are function-like macros Swift does not import.
                let signal = status & 0x7F
                return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
            }
            if result < 0, errno != EINTR { return nil }
            usleep(2_000)
        }
        return nil
    }

    /// Kills the whole process group and reaps the shell.
    func kill() {
        _ = Glibc.kill(-pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        reaped = true
    }

    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        // pipe2 is not visible from Glibc; set close-on-exec right after.
        guard pipe(&ends) == 0 else {
            throw UnlockError.keyCommandFailed(command: "pipe", status: -1, message: String(cString: strerror(errno)))
        }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        return (ends[0], ends[1])
    }
}

/// A NULL-terminated `char *[]` that frees its strings.
private final class CStringArray {
    private(set) var pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    deinit {
        pointers.forEach { free($0) }
    }
}
