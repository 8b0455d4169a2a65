import Fingerprint
import Testing
import TestSupport

/// Two impressions of FVC2002 DB1_B finger 101 against each other and against finger 102.
@Suite(.enabled(if: SharedData.isAvailable, "needs ../shared/data (FVC2002_DB1_B)"))
struct RealImageMatchingTests {
    @Test func hostMatcherTellsFingersApart() throws {
        let threshold = Threshold.forFalseMatchRate(Threshold.defaultFalseMatchRate)
        var matcher = HostMatcher(probe: PreparedTemplate(try FVCImages.features101First.get()))
        let genuine = matcher.score(PreparedTemplate(try FVCImages.features101Second.get()))
        let impostor = matcher.score(PreparedTemplate(try FVCImages.features102First.get()))
        #expect(threshold.accepts(genuine), "genuine \(genuine)")
        #expect(!threshold.accepts(impostor), "impostor \(impostor)")
    }

    @Test func cardMatcherTellsFingersApart() throws {
        let threshold = Threshold.forFalseMatchRate(1e-3, matcher: .card)
        func card(_ features: FingerprintFeatures) throws -> CompactCardTemplate {
            try #require(features.compactCardTemplate(for: CardMatcher.evaluationRequirements).template)
        }
        let probe = try card(try FVCImages.features101First.get())
        let genuine = CardMatcher().score(reference: try card(try FVCImages.features101Second.get()), probe: probe)
        let impostor = CardMatcher().score(reference: try card(try FVCImages.features102First.get()), probe: probe)
        #expect(threshold.accepts(genuine), "genuine \(genuine)")
        #expect(!threshold.accepts(impostor), "impostor \(impostor)")
    }
}
