import Fingerprint
import Testing

@Suite struct ThresholdTests {
    @Test(arguments: Threshold.Matcher.allCases)
    func defaultThresholdAcceptsScoresAtOrAboveIt(matcher: Threshold.Matcher) {
        let threshold = Threshold.forFalseMatchRate(1e-4, matcher: matcher)
        #expect(threshold.matcher == matcher && threshold.falseMatchRate == 1e-4)
        #expect(threshold.accepts(threshold.score))
        #expect(threshold.accepts(threshold.score + 0.001) && threshold.accepts(threshold.score * 2))
        #expect(!threshold.accepts(threshold.score.nextDown) && !threshold.accepts(0))
        let rate = Threshold.falseMatchRate(forScore: threshold.score, matcher: matcher)
        #expect(abs(rate - 1e-4) < 1e-9)
    }

    @Test(arguments: Threshold.Matcher.allCases)
    func stricterRatesNeedHigherScores(matcher: Threshold.Matcher) {
        let scores = [1e-2, 1e-3, 1e-4, 1e-5, 1e-6].map { Threshold.forFalseMatchRate($0, matcher: matcher).score }
        #expect(zip(scores, scores.dropFirst()).allSatisfy { $0 < $1 }, "\(scores)")
    }

    /// The documented score ranges: the host threshold at 1/10,000 lies above the 10–35 impostor
    /// band, the card one inside its 0–100 scale.
    @Test func defaultThresholdsLieInTheDocumentedRanges() {
        let host = Threshold.forFalseMatchRate(Threshold.defaultFalseMatchRate)
        #expect(host.matcher == .host && host.score > 35 && host.score < 100)
        let card = Threshold.forFalseMatchRate(Threshold.defaultFalseMatchRate, matcher: .card)
        #expect(card.score > 0 && card.score < 100)
        #expect(Threshold.Matcher.host.calibration == .host && Threshold.Matcher.card.calibration == .card)
    }
}
