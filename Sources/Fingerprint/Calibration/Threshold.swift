/// Decision thresholds chosen by false-match rate, as the Precise toolkit does: ask for the
/// risk you accept (1 in 10,000 impostor attempts accepted: `1e-4`) and get the score to compare
/// against.
///
/// The mappings come from measured impostor score distributions (``ScoreCalibration/host`` and
/// ``ScoreCalibration/card``; their provenance and limits are documented there and in
/// docs/bench.md). A score can also be given directly (`--threshold-score`); it then has no
/// false-match rate.
public struct Threshold: Sendable, Hashable, Codable {
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

    /// Accept when the score is at least this, in the matcher's units (host: 0 for nothing in
    /// common, about 100 for a strong match).
    public let score: Double
    /// The false-match rate this threshold was chosen for (0.0001 = 1 in 10,000); nil when the
    /// score was given directly.
    public let falseMatchRate: Double?
    public let matcher: Matcher

    /// A threshold from its parts: a score given directly has no false-match rate.
    public init(score: Double, falseMatchRate: Double? = nil, matcher: Matcher = .host) {
        self.score = score
        self.falseMatchRate = falseMatchRate
        self.matcher = matcher
    }

    /// A threshold no score reaches, for flows that only extract (practice, capture, export).
    public static let unused = Threshold(score: .infinity)

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
