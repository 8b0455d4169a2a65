import Foundation
import PCSC
import Spawning

/// pcscd with the vpcd driver, as the live tests, the demo and the benchmark need it.
///
/// When no pcscd answers, `ensureRunning` starts Debian's `/usr/sbin/pcscd` in its default
/// daemon mode: it forks, detaches from the caller (so it survives the test process and serves
/// every later test), and takes its readers from `/etc/reader.conf.d/vpcd`. pcscd needs root
/// for `/run/pcscd`; the Makefile's test target runs as root on CI machines.
public enum PCSCDaemon {
    /// The readers vsmartcard-vpcd registers, by TCP port.
    public static let vpcdReaders: [UInt16: String] = [35963: "Virtual PCD 00 00", 35964: "Virtual PCD 00 01"]

    /// The daemon binary.
    public static var executable: String {
        ProcessInfo.processInfo.environment["PBTOOL_PCSCD"] ?? "/usr/sbin/pcscd"
    }

    /// Makes sure pcscd runs and lists both vpcd readers, starting it if needed (`timeout` only
    /// turns a hang into a failure).
    ///
    /// Returns whether this call started pcscd.
    @discardableResult
    public static func ensureRunning(timeout: Duration = TestPatience.limit) throws -> Bool {
        var started = false
        if !isAnswering() {
            try start()
            started = true
        }
        let deadline = ContinuousClock.now + timeout
        var lastSeen: [String] = []
        while ContinuousClock.now < deadline {
            if let readers = try? PCSCContext().readers() {
                lastSeen = readers
                if Set(vpcdReaders.values).isSubset(of: readers) {
                    // pcscd writes its pid file after its parent exits, so note ownership only now.
                    if started, let pid = runningPID { try? Data(String(pid).utf8).write(to: URL(fileURLWithPath: ownerMarker)) }
                    return started
                }
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw LiveStackError("pcscd did not list the vpcd readers within \(timeout) (saw \(lastSeen)); "
                             + "is vsmartcard-vpcd installed (/etc/reader.conf.d/vpcd)?")
    }

    /// Whether a pcscd answers on its socket.
    public static func isAnswering() -> Bool {
        (try? PCSCContext()) != nil
    }

    private static func start() throws {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw LiveStackError("pcscd is not running and \(executable) is missing; install the Debian package pcscd (make deps)")
        }
        let status = try DaemonLauncher.run(executable)
        guard status == 0 else {
            throw LiveStackError("\(executable) exited with status \(status): it needs root (for /run/pcscd), "
                                 + "and refuses to start while /run/pcscd/pcscd.pid names a live process")
        }
    }

    /// Where pcscd writes its process id.
    static let pidFile = "/run/pcscd/pcscd.pid"
    /// Where the tests note the process id of a pcscd they started.
    static let ownerMarker = "/tmp/pbtool-tests-pcscd.pid"

    /// The running pcscd's process id, from its pid file (pcsc-lite 1.9.9 writes `"19861\n\0"`).
    public static var runningPID: Int32? {
        guard let contents = FileManager.default.contents(atPath: pidFile) else { return nil }
        return Int32(String(decoding: contents.prefix { $0 != 0 }, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Whether tests may stop and start pcscd: none runs yet (so the tests will start it), the
    /// one running was started by pbtool's tests, or no service manager runs on this machine
    /// (no `/run/systemd/system`: containers and CI VMs), so the running pcscd was started by
    /// hand or by another test run and comes back the same after a restart. A pcscd that
    /// systemd manages is left alone.
    public static var isRestartableByTests: Bool {
        guard isAnswering() else { return true }
        if !FileManager.default.fileExists(atPath: "/run/systemd/system") { return true }
        guard let pid = runningPID, let marker = FileManager.default.contents(atPath: ownerMarker) else { return false }
        return String(decoding: marker, as: UTF8.self) == String(pid)
    }

    /// Stops the tests' pcscd (SIGTERM; it removes its socket and pid file) and starts it again,
    /// as a package upgrade or a crash-and-restart would; waits until the vpcd readers are back.
    public static func restart(timeout: Duration = TestPatience.limit) throws {
        try stop(timeout: timeout)
        try ensureRunning(timeout: timeout)
    }

    /// Stops the tests' pcscd with `signal` and waits until it has gone: with SIGTERM it
    /// removes its socket and pid file; with SIGKILL (a crash) it leaves them, and the next
    /// pcscd cleans them up. Call only while holding ``LiveStackLock``, and start it again
    /// (``ensureRunning(timeout:)``) before releasing the lock.
    public static func stop(signal: Int32 = SIGTERM, timeout: Duration = TestPatience.limit) throws {
        guard isRestartableByTests, let pid = runningPID else { throw LiveStackError("pcscd was not started by the tests") }
        kill(pid, signal)
        let deadline = ContinuousClock.now + timeout
        while isAnswering() || isAlive(pid) || (signal == SIGTERM && FileManager.default.fileExists(atPath: pidFile)) {
            guard ContinuousClock.now < deadline else { throw LiveStackError("pcscd (pid \(pid)) did not stop within \(timeout)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Whether `pid` runs (a zombie waiting for its parent to reap it does not).
    static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[close...].hasPrefix(") Z") && !stat[close...].hasPrefix(") X")
    }
}
