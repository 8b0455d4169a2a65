import Fingerprint
import Foundation
import Sensors
import SimulatedSensors
import Testing
@testable import Biometry

/// The shipped threshold holds for synthetic fingers as it does for real ones (issue 20): twenty
/// fingers are enrolled in a store as host templates, and an impression of each of a hundred
/// other fingers is identified against all of them (2,000 comparisons at FMR 1/10,000, where
/// about 0.2 false matches are expected): none is accepted. The impressions are the simulated
/// sensor's (`sim:synthetic:SEED`, 400 × 400 at 500 dpi, the size `identify` and the demo see),
/// straight to the extractor rather than through a simulated swipe, which would only make the
/// test slower.
@Suite struct StrangerRejectionTests {
    static let enrolled: [UInt64] = Array(1_001...1_020)
    static let strangers: [UInt64] = Array(2_001...2_100)

    /// Not the flow tests' smaller 256 × 288 fingers: cut to that size, real fingers too pass the
    /// shipped threshold far more often than once in 10,000 (the FVC sets' impressions cut to
    /// 256 × 288 around their centre: 15 of 20,160 impostor pairs, against 2 of 20,160 whole), and
    /// at that size stranger 2031 scored 53.1 against user-1015. Whole, the highest of the 2,000
    /// scores is 45.1. Even a population exactly at FMR 1/10,000 passes a test like this only about
    /// 4 times in 5 (e^-0.2), so a generator change can make it fail with no fault of its own.
    @Test
    func noneOfAHundredStrangersMatchesTwentyEnrolledFingers() throws {
        let engine = TestFingers.engine
        #expect(engine.threshold.falseMatchRate == Threshold.defaultFalseMatchRate)
        let store = try TemporaryStore()
        let enrolledFeatures = try ParallelMap.map(Self.enrolled) { try Self.features(seed: $0, impression: 1) }
        for (seed, features) in zip(Self.enrolled, enrolledFeatures) {
            try store.references.enroll(features, finger: .rightIndex, user: "user-\(seed)", replacing: false)
        }
        let gallery = try HostGallery(loading: store.references)
        #expect(gallery.entries.count == Self.enrolled.count)
        let accepted = try ParallelMap.map(Self.strangers) { seed in
            let probe = engine.prepare(try Self.features(seed: seed, impression: 1))
            return gallery.identify(probe, engine: engine, top: 1).map { "stranger \(seed) matched \($0.user) at \($0.score)" }
        }.flatMap { $0 }
        #expect(accepted.isEmpty, "\(accepted)")
        // The enrolled fingers themselves are found, so the test does not pass for want of matches.
        let owner = engine.prepare(try Self.features(seed: Self.enrolled[0], impression: 2))
        #expect(gallery.identify(owner, engine: engine, top: 1).first?.user == "user-\(Self.enrolled[0])")
    }

    private static func features(seed: UInt64, impression: Int) throws -> FingerprintFeatures {
        TestFingers.engine.extract(try SimulatedSource.synthetic(seed: seed).images(impressions: impression...impression)[0])
    }
}
