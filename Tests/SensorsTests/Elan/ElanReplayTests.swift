import Fingerprint
import Foundation
import Testing
import TestSupport
import USB
@testable import Sensors

/// The Elan driver against the recorded ioctl tree, in process (umockdev's search rules).
@Suite(.enabled(if: SharedData.isAvailable, "needs ../shared/data (USB recordings)"))
struct ElanReplayTests {
    @Test func driverReproducesCapturePNG() throws {
        var parameters = ElanSensor.Parameters()
        parameters.calibrationPause = .zero
        let sensor = ElanSensor(transport: UMockdevIoctlPlayer(tree: try Recordings.tree("elan")), parameters: parameters)
        let deadline = ContinuousClock.now + TestPatience.limit
        try sensor.open()
        #expect(sensor.firmwareVersion == 0x0140)
        try sensor.waitForFinger(until: deadline)
        let readout = try sensor.capture(until: deadline)
        sensor.close()
        guard case .frames(let frames, let lifted) = readout else {
            Issue.record("expected frames, got \(readout)")
            return
        }
        #expect(lifted)
        // 12 frames read, the last 2 dropped; a reverse swipe, so the canvas is only inverted.
        #expect(frames.count == 10)
        let image = try #require(SensorProfile.elan.stitcher.stitch(frames: frames).image)
        #expect(image.width == 216 && image.height == 235)
        #expect(ReplayImages.differingPixels(image, try ReplayImages.expected("elan")) == 0)
    }
}
