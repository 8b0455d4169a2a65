import Fingerprint
import Foundation
import Testing
import TestSupport
import USB
@testable import Sensors

/// The NB-1010 driver against the recorded ioctl tree, in process (umockdev's search rules).
@Suite(.enabled(if: SharedData.isAvailable, "needs ../shared/data (USB recordings)"))
struct NB1010ReplayTests {
    private func sensor() throws -> NB1010Sensor {
        var parameters = NB1010Sensor.Parameters()
        parameters.settlingTime = .zero
        return NB1010Sensor(transport: UMockdevIoctlPlayer(tree: try Recordings.tree("nb1010")), parameters: parameters)
    }

    @Test func driverReproducesCapturePNG() throws {
        let sensor = try sensor()
        let deadline = ContinuousClock.now + TestPatience.limit
        try sensor.open()
        try sensor.waitForFinger(until: deadline)
        #expect(sensor.state == .capturing)
        #expect(sensor.state.fingerPresence == .present)
        let readout = try sensor.capture(until: deadline)
        // One check (finger at once), two capture commands, 90 image reads.
        #expect(sensor.fingerChecks == 1)
        #expect(sensor.transferCount == 2 + 4 + 90)
        sensor.close()
        guard case .image(let raw) = readout else {
            Issue.record("expected one image")
            return
        }
        #expect(raw.width == 256 && raw.height == 180)
        let image = try #require(SensorProfile.nb1010.stitcher.stitch(image: raw).image)
        #expect(ReplayImages.differingPixels(image, try ReplayImages.expected("nb1010")) == 0)
    }

    @Test func aShortImageReadIsACorruptReply() throws {
        var partials = [[UInt8]](repeating: [0x80] + [UInt8](repeating: 7, count: 539), count: 90)
        partials[41] = Array(partials[41].prefix(100))
        guard case .failure(let problem) = NB1010Image.assemble(partials, dpi: 500) else {
            Issue.record("a short read was accepted")
            return
        }
        #expect(problem.detail == "an image read of 100 bytes (read 42)")
    }
}
