import CShims
import Foundation

/// Ends a card operation that takes longer than the run's timeout.
///
/// pcsc-lite cannot cancel `SCardConnect` or `SCardTransmit`, so a stuck reader or card would
/// hang the run. At the deadline, SIGALRM shuts down the run's sockets to pcscd
/// (CShims/deadline.c); the call blocked on them fails, the watch turns that failure into a
/// timeout naming what was awaited, and the run ends as on any transport error, with a report of
/// what had passed. Pauses (`sleep`) are not card operations and are not watched.
///
/// No thread watches: a replay is a ping-pong with pcscd, and with a watching thread (even an
/// asleep one) `make bench` measured 1,000-APDU replays 3–6 % slower on a 2-core VM.
final class CardOperationWatch {
    private let seconds: Double
    private let milliseconds: Int

    /// A watch allowing `seconds` per operation.
    init(seconds: Double) {
        self.seconds = seconds
        milliseconds = max(1, Int((seconds * 1000).rounded()))
    }

    /// Installs the deadline's signal handler.
    func start() {
        _ = cshims_deadline_install()
    }

    /// Disarms the deadline.
    func stop() {
        _ = cshims_deadline_disarm()
    }

    /// Runs `body` and marks the sockets it opens to be shut down at a deadline: wrap the creation
    /// of a PC/SC context, whose one socket to pcscd carries every later call on it.
    func openingSockets<Result>(_ body: () throws -> Result) rethrows -> Result {
        let before = Self.openSockets()
        let result = try body()
        for descriptor in Self.openSockets().subtracting(before) { _ = cshims_deadline_cut_on_expiry(descriptor) }
        return result
    }

    /// Runs `body` as one watched operation described by `what`, worded only if it times out.
    func guarded<Result>(_ what: @autoclosure () -> String, _ body: () throws -> Result) throws -> Result {
        // An earlier deadline that passed just after its operation ended has cut the sockets.
        guard cshims_deadline_expired() == 0 else { throw timeout(what()) }
        _ = cshims_deadline_arm(milliseconds)
        defer { _ = cshims_deadline_disarm() }
        do {
            return try body()
        } catch {
            guard cshims_deadline_expired() != 0 else { throw error }
            throw timeout(what())
        }
    }

    private func timeout(_ what: String) -> CommandFailure {
        CommandFailure(.transport, "timed out after \(seconds.formattedSeconds) s \(what)")
    }

    /// The process's open socket descriptors.
    private static func openSockets() -> Set<Int32> {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return [] }
        return Set(names.compactMap { Int32($0) }.filter { descriptor in
            var status = stat()
            return fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK
        })
    }
}
