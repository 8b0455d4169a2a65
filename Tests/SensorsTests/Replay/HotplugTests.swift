import Foundation
import ImageCodecs
import Testing
import TestSupport

/// Sensors plugged in and out while pbtool runs, in a umockdev testbed: libusb's hotplug
/// support sees the uevents the testbed sends, through the real libusb and libudev.
@Suite(.enabled(if: UMockdevTestbed.isAvailable, "needs ../shared/data, umockdev-wrapper and umockdev's Python bindings"))
struct HotplugTests {
    @Test func sensorWatchReportsThePlugAndTheUnplug() throws {
        let outcome = try UMockdevTestbed.pbtool(
            ["sensor", "watch", "--json", "--count", "2", "--timeout", "5m"],
            plan: [.waitForError("Watching for fingerprint sensors"), .plug("nb1010"),
                   .waitForOutput("PB_SENSOR_ADDED"), .unplug("nb1010")])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let events = outcome.standardOutput.split(separator: "\n").compactMap { try? ReplayImages.json(String($0)) }
        #expect(events.map { $0["event"] as? String } == ["PB_SENSOR_ADDED", "PB_SENSOR_REMOVED"])
        #expect(events.allSatisfy { $0["sensor"] as? String == "nb1010" && $0["usbID"] as? String == "298d:1010" })
        #expect(events.first?["node"] as? String == "/dev/bus/usb/001/003")
    }

    @Test func aCaptureStartedWithoutASensorWaitsForOneAndUsesIt() throws {
        let directory = try ReplayImages.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("finger.png").path
        let outcome = try UMockdevTestbed.pbtool(
            ["sensor", "capture", "--sensor", "nb1010", "--out", out] + UMockdevRun.patientCapture,
            plan: [.waitForError("Waiting up to 300 s for a NEXT Biometrics NB-1010-U to be plugged in"), .plug("nb1010")])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(ReplayImages.differingPixels(try ImageFile.read(out), try ReplayImages.expected("nb1010")) == 0)
    }

    @Test func noSensorWithinTheTimeoutIsExit8() throws {
        let outcome = try UMockdevTestbed.pbtool(["sensor", "capture", "--sensor", "auto", "--out", "/tmp/never.png",
                                                  "--timeout", "1s"], plan: [])
        #expect(outcome.status == 8)
        #expect(outcome.standardError.contains("no supported fingerprint sensor found on USB"))
        #expect(outcome.standardError.contains("waited 1"))
    }
}
