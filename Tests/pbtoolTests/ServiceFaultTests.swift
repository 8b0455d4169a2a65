import Foundation
import Testing
import TestSupport

/// Failing hardware and a missing or taken bus: the sensor unplugged during VerifyStart ends the
/// verification with fprintd's `verify-disconnected` and the service goes on serving; no bus, or
/// the name owned by another program (fprintd), is exit code 13 with one line.
@Suite(.serialized) struct ServiceFaultTests {
    @Test(.enabled(if: ServiceTestBench.canRun, "\(ServiceTestBench.skipMessage)"))
    func aSensorUnpluggedDuringVerifyStartReportsDisconnected() throws {
        // Every operation's sensor is unplugged when its first swipe starts.
        let bench = try ServiceTestBench(["--sim-unplug-after", "0"])
        let enrolled = try bench.bench.run(["enroll"], ["--finger", "right-index", "--user", "root", "--quiet",
                                                        "--sensor", "sim:synthetic:\(ServiceTestBench.owner)"])
        #expect(enrolled.status == 0, "\(enrolled.standardError)")
        let verified = try bench.run("fprintd-verify")
        #expect(verified.status == 1)
        #expect(verified.standardOutput.contains("Verify result: verify-disconnected (done)"), "\(verified.standardOutput)")
        let listed = try bench.run("fprintd-list", ["root"])
        #expect(listed.standardOutput.contains("- #0: right-index-finger"), "\(listed.standardOutput)")
        #expect(bench.service.isRunning)
    }

    @Test(.enabled(if: ServiceTestBench.canRun, "\(ServiceTestBench.skipMessage)"))
    func aSecondServiceOrNoBusExitsWithCode13() throws {
        let bench = try ServiceTestBench()
        let store = ["service", "run", "--db", bench.bench.scratch.store, "--key-file", bench.bench.scratch.key, "--sensor", "sim:synthetic:1"]
        let second = try PBToolProcess.run(store, environment: bench.bus.environment)
        #expect(second.status == 13)
        #expect(second.standardError.split(separator: "\n").count == 1, "\(second.standardError)")
        #expect(second.standardError.contains("net.reactivated.Fprint"))
        #expect(bench.service.isRunning)

        let noBus = try PBToolProcess.run(store, environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(bench.bench.scratch.path("no-bus"))"])
        #expect(noBus.status == 13)
        #expect(noBus.standardError.contains("connecting to the system bus"), "\(noBus.standardError)")

        let badKey = try PBToolProcess.run(store + ["--card-user", "root", "--admin-key", "0F1E2D3C"], environment: bench.bus.environment)
        #expect(badKey.status == 2)
        #expect(badKey.standardError.split(separator: "\n").count == 1, "\(badKey.standardError)")
        #expect(badKey.standardError.contains("must be 8 to 16 bytes, not 4"), "\(badKey.standardError)")
        #expect(bench.service.isRunning)
    }
}
