import Foundation
import Testing
import TestSupport

/// Failing hardware under the service: the sensor unplugged during VerifyStart ends the
/// verification with fprintd's `verify-disconnected`, and the service goes on serving.
@Suite(.serialized) struct ServiceFaultTests {
    @Test(.enabled(if: ServiceTestBench.canRun, "\(ServiceTestBench.skipMessage)"))
    func aSensorUnpluggedDuringVerifyStartReportsDisconnected() throws {
        // Every operation's sensor is unplugged when its first swipe starts.
        let bench = try ServiceTestBench(["--sim-unplug-after", "0"])
        let enrolled = try bench.bench.run(["enroll"], ["--finger", "right-index", "--user", "root", "--quiet",
                                                        "--sensor", "sim:synthetic:\(ServiceTestBench.owner)"] + FlowTestBench.threshold)
        #expect(enrolled.status == 0, "\(enrolled.standardError)")
        let verified = try bench.run("fprintd-verify")
        #expect(verified.status == 1)
        #expect(verified.standardOutput.contains("Verify result: verify-disconnected (done)"), "\(verified.standardOutput)")
        let listed = try bench.run("fprintd-list", ["root"])
        #expect(listed.standardOutput.contains("- #0: right-index-finger"), "\(listed.standardOutput)")
        #expect(bench.service.isRunning)
    }
}
