import Fingerprint
import Foundation
import Testing

@Suite struct ScoreCalibrationTests {
    /// Impostor scores 1…1000: the rate of "≥ t" is exact wherever a knot can go.
    static let uniform = ScoreCalibration.derive(impostorScores: (1...1_000).map(Double.init).shuffled())

    static func relativelyClose(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
        abs(a - b) <= tolerance * max(abs(a), abs(b))
    }

    /// Knots sit halfway between the last accepted impostor and the next one down, at every
    /// standard rate that leaves at least 2 impostors above it (0.2 % of 1,000; not 0.1 %).
    @Test func deriveOnKnownScoresPlacesKnotsAtTheRates() {
        let knots = Self.uniform.knots
        let rates = [0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002]
        #expect(knots.map(\.falseMatchRate) == rates)
        #expect(knots.map(\.score) == rates.map { 1_000 - 1_000 * $0 + 0.5 })
        #expect(Self.uniform.impostorCount == 1_000)
        #expect(Self.uniform.tailSlope < 0)
    }

    /// On a uniform distribution log10(FMR) is not linear in the score, but the fitted tail must
    /// fall: about −log10(5) over the 8 points between the 1 % and 0.2 % knots.
    @Test func tailSlopeFollowsTheUpperKnots() {
        let slope = Self.uniform.tailSlope
        #expect(slope < -0.05 && slope > -0.2, "slope \(slope)")
    }

    @Test func tiesDoNotMakeDuplicateKnots() {
        let calibration = ScoreCalibration.derive(impostorScores: [Double](repeating: 5, count: 900) + (1...100).map { 10 + Double($0) })
        let scores = calibration.knots.map(\.score)
        #expect(scores == scores.sorted() && Set(scores).count == scores.count)
        #expect(calibration.knots.allSatisfy { $0.falseMatchRate > 0 && $0.falseMatchRate <= 1 })
    }

    @Test(arguments: [ScoreCalibration.host, .card, uniform])
    func falseMatchRateNeverRisesWithTheThreshold(calibration: ScoreCalibration) {
        let low = calibration.knots.first!.score - 5, high = calibration.knots.last!.score + 30
        var previous = Double.infinity
        for step in 0...400 {
            let rate = calibration.falseMatchRate(threshold: low + (high - low) * Double(step) / 400)
            #expect(rate <= previous && rate > 0 && rate <= 1)
            previous = rate
        }
    }

    @Test(arguments: [ScoreCalibration.host, .card, uniform])
    func thresholdInvertsTheRate(calibration: ScoreCalibration) {
        for rate in [0.3, 0.1, 0.03, 0.01, 3e-3, 1e-3, 1e-4, 1e-5, 1e-6] where rate < calibration.knots.first!.falseMatchRate {
            let threshold = calibration.threshold(falseMatchRate: rate)
            #expect(Self.relativelyClose(calibration.falseMatchRate(threshold: threshold), rate, tolerance: 1e-6),
                    "rate \(rate) → threshold \(threshold)")
        }
        for knot in calibration.knots.dropFirst() {
            #expect(abs(calibration.threshold(falseMatchRate: knot.falseMatchRate) - knot.score) < 1e-6)
        }
    }

    @Test func ratesBeyondTheLastKnotAreMarkedExtrapolated() {
        let calibration = ScoreCalibration.host
        let last = calibration.knots.last!
        #expect(!calibration.isExtrapolated(threshold: last.score))
        #expect(calibration.isExtrapolated(threshold: last.score + 0.1))
        // One score unit above the last knot the rate falls by the tail slope, in decades.
        let ratio = calibration.falseMatchRate(threshold: last.score + 1) / last.falseMatchRate
        #expect(Self.relativelyClose(log10(ratio), calibration.tailSlope, tolerance: 1e-9))
    }

    /// Thresholds below the first knot report its rate; asking for more than it gives its score.
    @Test func ratesAreClampedBelowTheFirstKnot() {
        let calibration = Self.uniform
        #expect(calibration.falseMatchRate(threshold: -50) == 0.5)
        #expect(calibration.threshold(falseMatchRate: 0.9) == calibration.knots.first!.score)
        #expect(calibration.threshold(falseMatchRate: 1) == calibration.knots.first!.score)
    }

    @Test func swiftLiteralListsEveryKnot() {
        let literal = Self.uniform.swiftLiteral
        #expect(literal.hasPrefix("ScoreCalibration(knots: ["))
        #expect(literal.components(separatedBy: ".init(score:").count - 1 == Self.uniform.knots.count)
        #expect(literal.contains("impostorCount: 1000)"))
    }
}
