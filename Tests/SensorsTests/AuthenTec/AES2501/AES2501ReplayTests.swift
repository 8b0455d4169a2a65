import Foundation
import Fingerprint
import Testing
import TestSupport
import USB
@testable import Sensors

/// The AES2501 driver against the recorded conversation, in process (strict in-order player).
@Suite(.enabled(if: SharedData.isAvailable, "needs ../shared/data (USB recordings)"))
struct AES2501ReplayTests {
    @Test func driverReproducesTheRecordedConversation() throws {
        let transfers = try Recordings.aes2501BulkTransfers()
        #expect(transfers.count == 2936)
        let player = USBRecordingPlayer(transfers: transfers)
        let sensor = AES2501Sensor(transport: player)
        let deadline = ContinuousClock.now + TestPatience.limit
        try sensor.open()
        try sensor.waitForFinger(until: deadline)
        let strips = try sensor.capture(until: deadline)
        #expect(try sensor.waitForFingerOff(until: deadline))
        sensor.close()
        #expect(player.isFinished)
        #expect(sensor.state == .inactive)
        guard case .frames(let frames, let lifted) = strips else {
            Issue.record("expected frames")
            return
        }
        #expect(frames.count == 45)
        #expect(lifted)
        let swipe = SensorProfile.aes2501.stitcher.stitch(frames: frames)
        let image = try #require(swipe.image)
        #expect(image.width == 288 && image.height == 118)
        if let dump = ProcessInfo.processInfo.environment["PBTOOL_DUMP"] {
            try Data(image.pixels).write(to: URL(fileURLWithPath: dump))
        }
    }
}
