import Foundation
import Testing
import TestSupport

/// The flows on real recordings under umockdev: they drive a press and a swipe sensor the same
/// way, and say "place" or "swipe" as the sensor needs.
@Suite(.enabled(if: UMockdevRun.isAvailable, "needs ../shared/data (USB recordings) and umockdev-run"))
struct FlowReplayTests {
    private func events(_ output: String) -> [[String: Any]] {
        output.split(separator: "\n").compactMap { try? ReplayImages.json(String($0)) }
    }

    /// The ioctl replay answers the same swipe every time, so two swipes agree and the finger is
    /// enrolled (the VFS0050 recording passes enrollment's gates).
    @Test func enrollmentWithARecordedSwipeSensor() throws {
        let directory = try ReplayImages.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = ["--db", directory.appendingPathComponent("store/db.sqlite").path,
                     "--key-file", directory.appendingPathComponent("key").path]
        let environment = ["XDG_STATE_HOME": directory.appendingPathComponent("state").path,
                           "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path]
        #expect(try PBToolProcess.run(["db", "init"] + store, environment: environment).status == 0)
        let outcome = try UMockdevRun.pbtool(["enroll", "--finger", "left-index", "--user", "erin", "--sensor", "vfs0050",
                                              "--swipes", "2", "--json"] + store + UMockdevRun.patientCapture,
                                             replaying: "vfs0050", environment: environment)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let all = events(outcome.standardOutput)
        let requests = all.filter { $0["event"] as? String == "swipeRequested" }
        #expect(requests.count == 2 && requests.allSatisfy { $0["scanType"] as? String == "swipe" })
        let presence = all.compactMap { $0["fingerPresence"] as? String }
        #expect(presence == ["needed", "present", "none", "needed", "present", "none"])
        #expect((all.last?["outcome"] as? [String: Any])?["result"] as? String == "enrolled")
    }

    /// A press sensor: practice words every step for placing the finger, takes the first press,
    /// then waits for the finger to lift before the next one. The recording never shows the
    /// finger lifted, so the second step times out (exit 7) after asking for the lift.
    @Test func practiceWithARecordedPressSensor() throws {
        let outcome = try UMockdevRun.pbtool(["practice", "--sensor", "nb1010", "--tries", "1", "--free-swipes", "1",
                                              "--timeout", "1s", "--json"], replaying: "nb1010")
        #expect(outcome.status == 7, "\(outcome.standardError)")
        let all = events(outcome.standardOutput)
        let steps = all.filter { $0["event"] as? String == "practiceStep" }
        #expect(steps.count == 2 && steps.allSatisfy { $0["scanType"] as? String == "press" })
        #expect(steps.first?["message"] as? String == "Put the finger flat on the sensor, centred, with the pad from the first joint to the tip on it.")
        #expect(all.contains { $0["event"] as? String == "swipeAccepted" })
        let names = all.compactMap { $0["event"] as? String }
        let lift = try #require(all.lastIndex { $0["instruction"] as? String == "removeFinger" })
        #expect(names[lift...].contains("captureStatus") && !names[lift...].contains("image"))
        let text = try UMockdevRun.pbtool(["practice", "--sensor", "nb1010", "--tries", "1", "--free-swipes", "1",
                                           "--timeout", "1s"], replaying: "nb1010")
        #expect(text.standardOutput.contains("Place: a finger on the sensor."))
        #expect(text.standardOutput.contains("Lift the finger off the sensor before the next try."))
    }
}
