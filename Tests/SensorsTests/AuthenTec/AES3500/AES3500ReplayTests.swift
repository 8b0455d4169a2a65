import Fingerprint
import Foundation
import Testing
import TestSupport
import USB
@testable import Sensors

/// The AES3500 driver against the recorded ioctl tree, in process (umockdev's search rules).
@Suite(.enabled(if: SharedData.isAvailable, "needs ../shared/data (USB recordings)"))
struct AES3500ReplayTests {
    @Test func driverReproducesCapturePNG() throws {
        let sensor = AES3500Sensor(transport: UMockdevIoctlPlayer(tree: try Recordings.tree("aes3500")))
        let deadline = ContinuousClock.now + TestPatience.limit
        try sensor.open()
        try sensor.waitForFinger(until: deadline)
        let readout = try sensor.capture(until: deadline)
        #expect(try sensor.waitForFingerOff(until: deadline))
        // 10 set-up writes, 3 capture-request writes, one image read.
        #expect(sensor.transferCount == 14)
        sensor.close()
        guard case .image(let raw) = readout else {
            Issue.record("expected one image")
            return
        }
        #expect(raw.width == 128 && raw.height == 128)
        let stitched = SensorProfile.aes3500.stitcher.stitch(image: raw)
        let image = try #require(stitched.image)
        #expect(image.width == 256 && image.height == 256 && image.dpi == 1000)
        #expect(ReplayImages.differingPixels(image, try ReplayImages.expected("aes3500")) == 0)
    }

    @Test func aShortImageReplyIsRejected() {
        guard case .failure(let problem) = AES3500Image.decode([UInt8](repeating: 0, count: 8_000), dpi: 500) else {
            Issue.record("a short reply was accepted")
            return
        }
        #expect(problem.detail == "an image reply of 8000 bytes, expected 8329")
    }
}
