import Fingerprint
import Testing
@testable import Biometry

/// The shipped threshold holds for synthetic fingers as it does for real ones: twenty fingers are
/// enrolled in a store, and a swipe of each of a hundred other fingers is identified against all
/// of them (2,000 comparisons at FMR 1/10,000, where about 0.2 false matches are expected) —
/// none is accepted.
@Suite struct StrangerRejectionTests {
    static let enrolled: [UInt64] = Array(1_001...1_020)
    static let strangers: [UInt64] = Array(2_001...2_100)

    @Test func noneOfAHundredStrangersMatchesTwentyEnrolledFingers() throws {
        let store = try TemporaryStore()
        let enrolledFeatures = try ParallelMap.map(Self.enrolled) { try TestFingers.features(seed: $0, impression: 1) }
        for (seed, features) in zip(Self.enrolled, enrolledFeatures) {
            try store.references.enroll(features, finger: .rightIndex, user: "user-\(seed)", replacing: false)
        }
        let gallery = try HostGallery(loading: store.references)
        #expect(gallery.entries.count == Self.enrolled.count)
        let engine = TestFingers.engine
        #expect(engine.threshold.falseMatchRate == Threshold.defaultFalseMatchRate)
        let accepted = try ParallelMap.map(Self.strangers) { seed in
            let probe = engine.prepare(try TestFingers.features(seed: seed, impression: 1))
            return gallery.identify(probe, engine: engine, top: 1).map { "stranger \(seed) matched \($0.user) at \($0.score)" }
        }.flatMap { $0 }
        #expect(accepted.isEmpty, "\(accepted)")
        // The enrolled fingers themselves are found, so the test is not passing for want of matches.
        let owner = engine.prepare(try TestFingers.features(seed: Self.enrolled[0], impression: 2))
        #expect(gallery.identify(owner, engine: engine, top: 1).first?.user == "user-\(Self.enrolled[0])")
    }
}
