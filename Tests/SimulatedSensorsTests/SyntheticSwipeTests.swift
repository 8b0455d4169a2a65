import Fingerprint
import Foundation
import Sensors
import Testing
@testable import SimulatedSensors

/// Every impression of a synthetic finger is one a sensor can image: a good swipe over it gives
/// a clean stitched image with as much finger as enrollment asks for. A light, dry touch once
/// left `sim:synthetic:8`'s fourth impression without a single strip the sensor kept.
@Suite struct SyntheticSwipeTests {
    /// `SwipeGates.enrollment.minimumArea` (Biometry), the strictest area gate a flow applies.
    static let enrollmentArea = 60.0

    @Test(arguments: Array(UInt64(1)...40))
    func everyImpressionOfAFingerSwipesIntoAnEnrollableImage(seed: UInt64) throws {
        let images = SyntheticFingerSource.images(seed: seed, impressions: 1...8)
        let sensor = SimulatedSensor(images: images, style: .normal, seed: seed)
        try sensor.open()
        defer { sensor.close() }
        let extractor = FeatureExtractor()
        for impression in images.indices {
            let result = try SensorCapture(sensor: sensor, timeout: .seconds(5)).run()
            #expect(result.stitched.feedback == [], "sim:synthetic:\(seed) impression \(impression + 1)")
            let image = try #require(result.stitched.image, "sim:synthetic:\(seed) impression \(impression + 1)")
            let map = extractor.extract(image).foreground
            let millimetres = Double(map.blockSize) * 25.4 / map.resolution
            let area = Double(map.flags.filter { $0 }.count) * millimetres * millimetres
            #expect(area >= Self.enrollmentArea, "sim:synthetic:\(seed) impression \(impression + 1): \(area) mm²")
        }
    }
}
