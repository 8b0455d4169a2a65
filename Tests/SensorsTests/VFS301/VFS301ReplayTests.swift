import Fingerprint
import Foundation
import Testing
import TestSupport
import USB
@testable import Sensors

/// The VFS301 driver against the recorded ioctl tree, in process (umockdev's search rules).
@Suite(.enabled(if: SharedData.isAvailable, "needs ../shared/data (USB recordings)"))
struct VFS301ReplayTests {
    @Test func driverReproducesCapturePNG() throws {
        var parameters = VFS301Sensor.Parameters()
        parameters.peekInterval = .zero
        let sensor = VFS301Sensor(transport: UMockdevIoctlPlayer(tree: try Recordings.tree("vfs301")), parameters: parameters)
        let deadline = ContinuousClock.now + TestPatience.limit
        try sensor.open()
        try sensor.waitForFinger(until: deadline)
        #expect(sensor.peeks == 2)
        let readout = try sensor.capture(until: deadline)
        sensor.close()
        guard case .lines(let lines, _, _) = readout else {
            Issue.record("expected lines")
            return
        }
        #expect(lines.count == 875)
        let stitched = SensorProfile.vfs301.stitcher.stitch(lines: lines)
        let image = try #require(stitched.image)
        #expect(image.width == 200 && image.height == 214)
        #expect(ReplayImages.differingPixels(image, try ReplayImages.expected("vfs301")) == 0)
    }

    @Test func aFirstBlockWithoutALineStartIsCorrupt() {
        guard case .failure(let problem) = VFS301LineRecord.lines(in: [UInt8](repeating: 0x55, count: 600), isFirst: true) else {
            Issue.record("accepted")
            return
        }
        #expect(problem.detail == "a first line block without a line start (01 fe) in its first 288 bytes")
    }
}
