import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The pipes between a test and its child: the child's ends are set up by `posix_spawn`, the
/// test's ends are close-on-exec so no other child inherits them.
struct Pipes {
    private(set) var inputReader: Int32 = -1
    private(set) var inputWriter: Int32 = -1
    private(set) var outputReader: Int32 = -1
    private(set) var outputWriter: Int32 = -1
    private(set) var errorReader: Int32 = -1
    private(set) var errorWriter: Int32 = -1

    init(input: ChildProcess.Input, mergingErrors: Bool) throws {
        if case .null = input {} else { (inputReader, inputWriter) = try Self.make() }
        (outputReader, outputWriter) = try Self.make()
        if !mergingErrors { (errorReader, errorWriter) = try Self.make() }
    }

    /// After the spawn the test keeps only its own ends.
    func closeChildEnds() {
        for descriptor in [inputReader, outputWriter, errorWriter] where descriptor >= 0 { close(descriptor) }
    }

    private static func make() throws -> (Int32, Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw LiveStackError("pipe: \(String(cString: strerror(errno)))") }
        // pipe2 is not in Swift's Glibc module; Spawner.lock keeps another spawn from inheriting
        // the ends before they are close-on-exec.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }
}

/// `posix_spawn` with the pipes in place, an empty signal mask, default dispositions and a
/// process group of its own.
enum Spawner {
    /// Held while pipes are made and children spawned (see `Pipes`).
    static let lock = NSLock()

    /// Starts `executable`; without `pipes` its standard input, output and error are `/dev/null`
    /// (a daemon keeps what it inherits, and a pipe it held would never reach end of file).
    static func spawn(_ executable: String, _ arguments: [String], environment: [String: String], pipes: Pipes?) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var resetSignals = sigset_t()
        sigemptyset(&resetSignals)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGCHLD] { sigaddset(&resetSignals, signal) }
        posix_spawnattr_setsigdefault(&attributes, &resetSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let pipes {
            if pipes.inputReader >= 0 {
                posix_spawn_file_actions_adddup2(&actions, pipes.inputReader, 0)
            } else {
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            }
            posix_spawn_file_actions_adddup2(&actions, pipes.outputWriter, 1)
            posix_spawn_file_actions_adddup2(&actions, pipes.errorWriter >= 0 ? pipes.errorWriter : pipes.outputWriter, 2)
        } else {
            for descriptor: Int32 in [0, 1, 2] {
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }

        let argv = ([executable] + arguments).map { strdup($0) }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = lock.withLock { posix_spawn(&pid, executable, &actions, &attributes, argv + [nil], envp + [nil]) }
        guard spawned == 0 else { throw LiveStackError("cannot start \(executable): \(String(cString: strerror(spawned)))") }
        return pid
    }
}

extension ChildProcess {
    /// What a program run to its end printed, and how it ended.
    public struct Run: Sendable {
        public let status: Int32
        public let outputBytes: [UInt8]
        public let standardError: String
        public var standardOutput: String { String(decoding: outputBytes, as: UTF8.self) }
    }

    /// Runs `executable` (an absolute path) to its end, feeding it `input`.
    @discardableResult
    public static func run(_ executable: String, _ arguments: [String], input: [UInt8] = [],
                           environment: [String: String]? = nil, mergingErrors: Bool = false) throws -> Run {
        let child = try ChildProcess(executable, arguments, environment: environment, input: .bytes(input), mergingErrors: mergingErrors)
        let ended = try child.waitForExit()
        return Run(status: ended.status, outputBytes: child.outputBytes, standardError: child.standardError)
    }
}
