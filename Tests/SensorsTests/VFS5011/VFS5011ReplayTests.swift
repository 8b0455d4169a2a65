import Foundation
import Fingerprint
import Testing
import TestSupport
import USB
@testable import Sensors

/// The VFS5011 driver against the recorded ioctl tree, in process (umockdev's search rules).
@Suite(.enabled(if: SharedData.isAvailable, "needs ../shared/data (USB recordings)"))
struct VFS5011ReplayTests {
    @Test func driverReproducesTheRecordedConversation() throws {
        let player = UMockdevIoctlPlayer(tree: try Recordings.vfs5011Tree())
        let sensor = VFS5011Sensor(transport: player)
        let deadline = ContinuousClock.now + TestPatience.limit
        try sensor.open()
        #expect(sensor.transferCount == 97)
        try sensor.waitForFinger(until: deadline)
        let strips = try sensor.capture(until: deadline)
        #expect(sensor.captureReads == 9)
        #expect(try sensor.waitForFingerOff(until: deadline))
        #expect(sensor.transferCount == 126)
        sensor.close()
        guard case .lines(let lines, let stop, let counted) = strips else {
            Issue.record("expected lines")
            return
        }
        #expect(stop == .fingerLifted)
        #expect(counted == 2059)
        #expect(lines.count == 273)
        let swipe = SensorProfile.vfs5011.stitcher.stitch(lines: lines)
        let image = try #require(swipe.image)
        #expect(image.width == 160 && image.height == 334)
        if let dump = ProcessInfo.processInfo.environment["PBTOOL_DUMP"] {
            try Data(image.pixels).write(to: URL(fileURLWithPath: dump))
        }
    }
}
