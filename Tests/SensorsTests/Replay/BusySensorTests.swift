import Foundation
import Testing
import TestSupport

/// One user at a time: while one pbtool holds a sensor, a second gets "sensor busy" at once,
/// and the first goes on undisturbed. Both run under umockdev with the NB-1010's recording; the
/// first's copy never shows a finger, so it holds the sensor until it is stopped.
@Suite(.enabled(if: UMockdevRun.isAvailable, "needs ../shared/data (USB recordings) and umockdev-run"))
struct BusySensorTests {
    @Test func aSecondProcessIsToldWhoHoldsTheSensorAndTheFirstGoesOn() throws {
        let directory = try ReplayImages.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = ["PBTOOL_LOCK_DIR": directory.path]
        let recorded = try String(contentsOf: SharedData.url("usb/nb1010/capture.ioctl"), encoding: .utf8)
        // Byte 12 of the check-finger reply is the finger signal: 0 keeps the first waiting.
        let noFinger = recorded.replacingOccurrences(of: "803701001000000000000000F7000000", with: "80370100100000000000000000000000")
        #expect(noFinger != recorded)
        let waiting = directory.appendingPathComponent("no-finger.ioctl")
        try noFinger.write(to: waiting, atomically: true, encoding: .utf8)
        let device = try RecordedDevice("nb1010")

        let first = try BackgroundProcess(UMockdevRun.executable ?? "umockdev-run",
            ["-d", UMockdevRun.device("nb1010"), "-i", "\(device.node)=\(waiting.path)", "--", PBToolProcess.executable.path,
             "sensor", "capture", "--sensor", "nb1010", "--out", directory.appendingPathComponent("a.png").path] + UMockdevRun.patientCapture,
            environment: environment)
        try first.waitForError("Place a finger on the NEXT Biometrics NB-1010-U")

        let second = try UMockdevRun.pbtool(["sensor", "capture", "--sensor", "nb1010", "--out",
                                             directory.appendingPathComponent("b.png").path, "--timeout", "5s"],
                                            replaying: "nb1010", environment: environment)
        #expect(second.status == 8)
        #expect(second.standardError.contains("sensor busy (pid "), "\(second.standardError)")
        #expect(second.standardError.contains(", pbtool sensor capture)"))
        let listed = try ReplayImages.json(
            UMockdevRun.pbtool(["sensor", "list", "--json"], replaying: "nb1010", environment: environment).standardOutput)
        let entry = try #require((listed["sensors"] as? [[String: Any]])?.first)
        #expect(entry["access"] as? String == "busy")
        #expect((entry["problem"] as? String)?.contains("pbtool sensor capture") == true)

        // The first was not disturbed: it is still waiting for its finger, without an error. The
        // pid the second was told is that pbtool (umockdev-run's child); SIGKILL ends it: started by
        // the test runner through umockdev-run, it did not end on SIGTERM.
        #expect(first.isRunning, "\(first.standardError)")
        #expect(!first.standardError.contains("pbtool:"), "\(first.standardError)")
        let holder = try #require(second.standardError.firstMatch(of: /sensor busy \(pid (\d+)/).flatMap { pid_t($0.1) })
        #expect(kill(holder, SIGKILL) == 0)
        _ = try first.wait(timeout: TestPatience.limit)
    }
}
