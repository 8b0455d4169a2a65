/// Decision thresholds chosen by false-match rate, as the Precise toolkit does: ask for the
/// risk you accept (1 in 10,000 impostor attempts accepted: `1e-4`) and get the score to compare
/// against.
///
/// The mappings come from measured impostor score distributions (``ScoreCalibration/host`` and
/// ``ScoreCalibration/card``; their provenance and limits are documented there and in
/// docs/bench.md).
public struct Threshold: Sendable, Hashable {
    /// Which matcher's scores a threshold applies to.
    public enum Matcher: String, Sendable, Hashable, CaseIterable, Codable {
        case host
        case card

        public var calibration: ScoreCalibration {
            switch self {
            case .host: .host
            case .card: .card
            }
        }
    }

    /// Accept when the score is at least this.
    public let score: Double
    /// The false-match rate this threshold was chosen for.
    public let falseMatchRate: Double
    public let matcher: Matcher

    /// The threshold whose false-match rate is `rate` (e.g. `1e-4`) for `matcher`'s scores.
    public static func forFalseMatchRate(_ rate: Double, matcher: Matcher = .host) -> Threshold {
        Threshold(score: matcher.calibration.threshold(falseMatchRate: rate), falseMatchRate: rate, matcher: matcher)
    }

    /// The false-match rate of a threshold at `score` for `matcher`'s scores.
    public static func falseMatchRate(forScore score: Double, matcher: Matcher = .host) -> Double {
        matcher.calibration.falseMatchRate(threshold: score)
    }

    /// Whether `score` is accepted.
    public func accepts(_ score: Double) -> Bool {
        score >= self.score
    }

    /// The default decision threshold: FMR 1 in 10,000.
    public static let defaultFalseMatchRate = 1e-4
}
