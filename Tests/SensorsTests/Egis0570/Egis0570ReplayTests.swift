import Fingerprint
import Foundation
import Testing
import TestSupport
import USB
@testable import Sensors

/// The Egis 0570 driver against the recorded conversation, in process (strict order; the
/// pipelined pairs are played in their completion order).
@Suite(.enabled(if: SharedData.isAvailable, "needs ../shared/data (USB recordings)"))
struct Egis0570ReplayTests {
    @Test func driverReproducesCapturePNG() throws {
        let transfers = try Recordings.transfers("egis0570").filter { $0.type == .bulk }
        let player = USBRecordingPlayer(transfers: transfers)
        let sensor = Egis0570Sensor(transport: player)
        let deadline = ContinuousClock.now + TestPatience.limit
        try sensor.open()
        try sensor.waitForFinger(until: deadline)
        let readout = try sensor.capture(until: deadline)
        #expect(sensor.imageReads == 52)
        #expect(player.isFinished)
        sensor.close()
        guard case .frames(let strips, let lifted) = readout else {
            Issue.record("expected strips")
            return
        }
        #expect(lifted)
        // Reads 40 to 51 (of 52) show the finger: 12 × 5 strips; the first strip of read 52 does not.
        #expect(strips.count == 60)
        let image = try #require(SensorProfile.egis0570.stitcher.stitch(frames: strips).image)
        #expect(image.width == 304 && image.height == 618)
        #expect(ReplayImages.differingPixels(image, try ReplayImages.expected("egis0570")) == 0)
    }
}
