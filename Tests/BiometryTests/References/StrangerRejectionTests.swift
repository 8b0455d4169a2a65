import Fingerprint
import Foundation
import Testing
@testable import Biometry

/// The shipped threshold holds for synthetic fingers as it does for real ones (issue 20): twenty
/// fingers are enrolled in a store as host templates, and an impression of each of a hundred
/// other fingers is identified against all of them (2,000 comparisons at FMR 1/10,000, where
/// about 0.2 false matches are expected): none is accepted. Impressions go straight to the
/// extractor rather than through a simulated swipe, which would only make the test slower.
@Suite struct StrangerRejectionTests {
    static let enrolled: [UInt64] = Array(1_001...1_020)
    static let strangers: [UInt64] = Array(2_001...2_100)

    /// It still fails, so issue 20 stays open: stranger 2031 scores 53.1 against user-1015 (two
    /// right loops), over the shipped 48.94. Oval whorls brought the generator's host FMR from
    /// 1.7 to 0.8/10,000 (0.16 false matches expected in 2,000 comparisons) but left this loop
    /// pair as it was. The failure is recorded as issue 20's known issue on every `make test`;
    /// once the generator lets no stranger in, Swift Testing reports the known issue missing.
    @Test
    func noneOfAHundredStrangersMatchesTwentyEnrolledFingers() throws {
        let engine = TestFingers.engine
        #expect(engine.threshold.falseMatchRate == Threshold.defaultFalseMatchRate)
        let store = try TemporaryStore()
        let enrolledFeatures = try ParallelMap.map(Self.enrolled) { Self.features(seed: $0, impression: 1) }
        for (seed, features) in zip(Self.enrolled, enrolledFeatures) {
            try store.references.enroll(features, finger: .rightIndex, user: "user-\(seed)", replacing: false)
        }
        let gallery = try HostGallery(loading: store.references)
        #expect(gallery.entries.count == Self.enrolled.count)
        let accepted = try ParallelMap.map(Self.strangers) { seed in
            let probe = engine.prepare(Self.features(seed: seed, impression: 1))
            return gallery.identify(probe, engine: engine, top: 1).map { "stranger \(seed) matched \($0.user) at \($0.score)" }
        }.flatMap { $0 }
        withKnownIssue("issue 20: the synthetic impostor tail of same-class loops is heavier than real fingers'") {
            #expect(accepted.isEmpty, "\(accepted)")
        }
        // The enrolled fingers themselves are found, so the test does not pass for want of matches.
        let owner = engine.prepare(Self.features(seed: Self.enrolled[0], impression: 2))
        #expect(gallery.identify(owner, engine: engine, top: 1).first?.user == "user-\(Self.enrolled[0])")
    }

    private static func features(seed: UInt64, impression: Int) -> FingerprintFeatures {
        TestFingers.engine.extract(TestFingers.images(seed: seed, impressions: impression...impression)[0])
    }
}
