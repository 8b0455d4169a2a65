import Fingerprint
import Foundation
import Testing
import TestSupport
import USB
@testable import Sensors

/// The VFS0050 driver against the recorded ioctl tree, in process (umockdev's search rules).
@Suite(.enabled(if: SharedData.isAvailable, "needs ../shared/data (USB recordings)"))
struct VFS0050ReplayTests {
    @Test func driverReproducesCapturePNG() throws {
        let sensor = VFS0050Sensor(transport: UMockdevIoctlPlayer(tree: try Recordings.tree("vfs0050")))
        let deadline = ContinuousClock.now + TestPatience.limit
        try sensor.open()
        try sensor.waitForFinger(until: deadline)
        let readout = try sensor.capture(until: deadline)
        #expect(sensor.lineReads == 25)
        #expect(try sensor.waitForFingerOff(until: deadline))
        sensor.close()
        guard case .lines(let lines, _, let counted) = readout else {
            Issue.record("expected lines")
            return
        }
        #expect(counted == 10_167)
        #expect(lines.count == 3_000)
        let image = try #require(SensorProfile.vfs0050.stitcher.stitch(lines: lines).image)
        #expect(image.width == 100 && image.height == 1_151)
        #expect(ReplayImages.differingPixels(image, try ReplayImages.expected("vfs0050")) == 0)
    }

    @Test func trailingNoiseLinesAreDropped() throws {
        var stream: [UInt8] = []
        for hash in [UInt8(0), 0, 100] {
            var record = [UInt8](repeating: 0x80, count: VFS0050LineRecord.length)
            (record[0], record[1], record[4], record[5]) = (0x01, 0xfe, hash, hash)
            stream += record
        }
        #expect(try VFS0050LineRecord.lines(in: stream).get().count == 2)
    }
}
