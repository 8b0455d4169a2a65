import Foundation
import Testing
import TestSupport

/// `pbtool sensor list` and `info` seeing the recorded devices through libusb under umockdev.
@Suite(.enabled(if: UMockdevRun.isAvailable, "needs ../shared/data (USB recordings) and umockdev-run"))
struct SensorListReplayTests {
    @Test func listShowsTheRecordedAES2501WithAccess() throws {
        let outcome = try UMockdevRun.pbtool(["sensor", "list", "--json"], device: UMockdevRun.aes2501Device,
                                             recording: UMockdevRun.aes2501Recording)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let report = try ReplayImages.json(outcome.standardOutput)
        let sensors = try #require(report["sensors"] as? [[String: Any]])
        #expect(sensors.count == 1)
        #expect(sensors.first?["id"] as? String == "aes2501")
        #expect(sensors.first?["usbID"] as? String == "08ff:2580")
        #expect(sensors.first?["node"] as? String == "/dev/bus/usb/001/044")
        #expect(sensors.first?["port"] as? String == "1-10")
        #expect(sensors.first?["access"] as? String == "ok")
    }

    @Test func infoDescribesTheRecordedVFS5011() throws {
        let outcome = try UMockdevRun.pbtool(["sensor", "info"], device: UMockdevRun.vfs5011Device,
                                             recording: UMockdevRun.vfs5011Recording)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("Validity VFS5011 (--sensor vfs5011)"))
        #expect(outcome.standardOutput.contains("138a:0017 at bus 2 device 17"))
        #expect(outcome.standardOutput.contains("ep01/BULK/64 ep81/BULK/64 ep82/BULK/64 ep83/INTR/8"))
    }
}
