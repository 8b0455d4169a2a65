import Fingerprint
import Imaging
import Testing
@testable import SimulatedSensors
import Sensors
import TestSupport
import FingerprintSynthesis

@Suite struct SimulatedSensorTests {
    let source = RidgePattern.image(width: 160, height: 240)

    private func capture(_ style: SwipeSimulation.Style, seed: UInt64 = 7) throws -> SensorCapture.Result {
        let sensor = SimulatedSensor(images: [source], style: style, seed: seed)
        try sensor.open()
        defer { sensor.close() }
        return try SensorCapture(sensor: sensor, timeout: .seconds(5)).run()
    }

    @Test func aGoodSwipeRebuildsTheSource() throws {
        let result = try capture(.normal)
        #expect(result.stitched.feedback == [])
        let image = try #require(result.stitched.image)
        #expect(image.width == 192)
        #expect(abs(image.height - 240) <= 16)
    }

    @Test(arguments: [(SwipeSimulation.Style.fast, SwipeFeedback.tooFast),
                      (.partial, .tooShort), (.skewed, .tooSkewed), (.resting, .fingerNotRemoved)])
    func badSwipesGetFeedback(style: SwipeSimulation.Style, expected: SwipeFeedback) throws {
        let result = try capture(style)
        #expect(result.stitched.feedback.contains(expected), "\(style): \(result.stitched.feedback)")
    }

    @Test func aReverseSwipeIsDetectedAndUpright() throws {
        let result = try capture(.reverse)
        guard case .frames(let motion?) = result.stitched.details else { Issue.record("no motion"); return }
        #expect(motion.direction == .reverse)
        #expect(result.stitched.feedback == [])
    }

    @Test func theSameSeedGivesTheSameSwipe() throws {
        let first = try capture(.normal, seed: 3), second = try capture(.normal, seed: 3)
        #expect(first.stitched.image == second.stitched.image)
        let other = try capture(.normal, seed: 4)
        #expect(other.stitched.image != first.stitched.image)
    }
}

@Suite struct SwipeSimulationTests {
    @Test func theStitcherRecoversTheSimulatedMotion() {
        let image = RidgePattern.image(width: 160, height: 240)
        let simulation = SwipeSimulation()
        var random = SplitMix64(seed: 11)
        let path = simulation.path(height: image.height, style: .normal, random: &random)
        let (frames, _) = simulation.frames(of: image, style: .normal, seed: 11)
        // The ridge pattern fills its picture, so no strip is empty.
        #expect(frames.count == path.count)
        let motion = FrameAssembler(parameters: .init(canvasWidth: 192)).estimateMotion(frames)
        #expect(motion.direction == .forward)
        var exact = 0
        for k in 1..<path.count {
            let truth = FrameShift(dx: path[k].x - path[k - 1].x, dy: path[k].y - path[k - 1].y)
            if motion.shifts[k] == truth { exact += 1 }
        }
        #expect(exact == path.count - 1, "\(exact) of \(path.count - 1) shifts recovered exactly")
    }
}

@Suite struct SimulatedSessionTests {
    @Test func eachSwipeUsesTheNextImageAndItsOwnProfile() throws {
        let narrow = RidgePattern.image(width: 96, height: 200), wide = RidgePattern.image(width: 128, height: 200)
        let sensor = SimulatedSensor(images: [narrow, wide], seed: 5)
        try sensor.open()
        let capture = SensorCapture(sensor: sensor, timeout: .seconds(5))
        let widths = try (0..<3).map { _ in try #require(try capture.run().stitched.image).width }
        #expect(widths == [128, 160, 128])
        #expect(sensor.swipes == 3)
        sensor.close()
        #expect(sensor.state == .inactive)
    }
}
