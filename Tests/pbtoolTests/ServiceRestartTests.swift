import DBus
import Foundation
import Testing
import TestSupport

/// The service stopped and started again on the same store and state directory: a host
/// lock-out still holds, and a service killed mid-enrollment leaves its client an error, not a
/// wait, and nothing stored half.
@Suite(.serialized) struct ServiceRestartTests {
    static let prefix = "net.reactivated.Fprint.Error."

    @Test(.enabled(if: ServiceTestBench.canRun, "\(ServiceTestBench.skipMessage)"))
    func aLockOutSurvivesARestart() throws {
        // An hour, so the lock cannot run out while a loaded machine restarts the service.
        let lockout = ["--lockout-time", "1h"]
        let bench = try ServiceTestBench(lockout)
        let enrolled = try bench.run("fprintd-enroll", ["-f", "right-index-finger"])
        #expect(enrolled.status == 0, "\(enrolled.standardOutput)")
        let owner = try bench.run("fprintd-verify")
        #expect(owner.standardOutput.contains("Verify result: verify-match (done)"), "\(owner.standardOutput)")

        try bench.present(seed: ServiceTestBench.stranger)
        for attempt in 1...5 {
            let stranger = try bench.run("fprintd-verify")
            #expect(stranger.standardOutput.contains("Verify result: verify-no-match (done)"), "attempt \(attempt): \(stranger.standardOutput)")
        }
        try bench.stop(with: SIGTERM)
        try bench.start(lockout)

        try bench.present(seed: ServiceTestBench.owner)
        let locked = try bench.run("fprintd-verify")
        #expect(locked.status != 0)
        #expect(locked.standardOutput.contains("Verify result: verify-unknown-error (done)"), "\(locked.standardOutput)")
        #expect(!locked.standardOutput.contains("verify-match"))
    }

    @Test(.enabled(if: ServiceTestBench.canRun, "\(ServiceTestBench.skipMessage)"))
    func aServiceKilledMidEnrollmentStoresNothingAndServesAgain() throws {
        // One swipe comes, then the finger never does: the enrollment is under way when killed.
        let bench = try ServiceTestBench(["--sim-finger-gone-after", "1", "--timeout", "1h"])
        let client = try FprintClient(bench)
        let statuses = try client.bus.subscribe("net.reactivated.Fprint.Device", "EnrollStatus")
        try client.device("Claim", [.string("")])
        try client.device("EnrollStart", [.string("right-thumb")])
        let first = statuses.next(within: TestPatience.limit)
        #expect(first == [.string("enroll-stage-passed"), .boolean(false)], "\(String(describing: first))")

        try bench.stop(with: SIGKILL)
        #expect(client.error("EnrollStop") == "org.freedesktop.DBus.Error.ServiceUnknown")
        try bench.start()

        #expect(client.error("ListEnrolledFingers", [.string("")]) == Self.prefix + "NoEnrolledPrints")
        let stored = try bench.bench.scratch.db("fingers", ["--user", "root", "--json"])
        #expect(!stored.standardOutput.contains("right-thumb"), "\(stored.standardOutput)")
        let enrolled = try bench.run("fprintd-enroll", ["-f", "right-thumb"])
        #expect(enrolled.standardOutput.contains("Enroll result: enroll-completed"), "\(enrolled.standardOutput)")
        let verified = try bench.run("fprintd-verify")
        #expect(verified.status == 0, "\(verified.standardOutput)")
        #expect(verified.standardOutput.contains("Verify result: verify-match (done)"))
    }
}
