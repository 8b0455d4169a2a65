import Fingerprint
import Foundation
import Testing
import TestSupport
import USB
@testable import Sensors

/// The VFS7552 driver against the recorded ioctl tree, in process (umockdev's search rules).
@Suite(.enabled(if: SharedData.isAvailable, "needs ../shared/data (USB recordings)"))
struct VFS7552ReplayTests {
    @Test func driverFollowsThePressFromFingerToLift() throws {
        let tree = try Recordings.tree("vfs7552")
        let sensor = VFS7552Sensor(transport: UMockdevIoctlPlayer(tree: tree))
        let deadline = ContinuousClock.now + TestPatience.limit
        try sensor.open()
        try sensor.waitForFinger(until: deadline)
        // The background, 20 empty frames, then the frame whose variance shows the finger.
        #expect(sensor.framesRead == 22)
        let readout = try sensor.capture(until: deadline)
        #expect(sensor.framesRead == 23)
        #expect(try sensor.waitForFingerOff(until: deadline))
        #expect(sensor.framesRead == 33)
        // Every recorded transfer was made, imaging stop included.
        #expect(sensor.transferCount == tree.nodes.count)
        sensor.close()
        guard case .image(let raw) = readout else {
            Issue.record("expected one image")
            return
        }
        let image = try #require(SensorProfile.vfs7552.stitcher.stitch(image: raw).image)
        #expect(image.width == 224 && image.height == 224)
        #expect(ReplayImages.differingPixels(image, try ReplayImages.expected("vfs7552")) == 0)
    }

    @Test func aChunkAnnouncingMoreThanItCarriesIsCorrupt() {
        var frame = VFS7552Frame()
        let problem = frame.add(chunk: [0, 0, 0xc0, 0x12, 0, 0] + [UInt8](repeating: 1, count: 100))
        #expect(problem?.detail == "an image chunk announcing 4800 bytes but carrying 100")
    }

    @Test func theCleanedFrameIsTheBackgroundMinusTheFrameTimesFour() {
        let background = VFS7552Background(pixels: [200, 100, 50, 255])
        #expect(background.cleaned([190, 120, 0, 0]) == [40, 0, 200, 255])
        #expect(VFS7552Background.variance([0, 0, 10, 10]) == 25)
    }
}
