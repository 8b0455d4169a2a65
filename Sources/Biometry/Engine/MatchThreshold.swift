import Fingerprint

/// The score at and above which two templates count as the same finger, and the false-match
/// rate it was chosen for.
public struct MatchThreshold: Sendable, Hashable, Codable {
    /// Host matcher score, in the engine's units (0 for nothing in common, about 100 for a
    /// strong match).
    public let score: Double
    /// The false-match rate the score was calibrated for (0.0001 = 1 in 10,000); nil when the
    /// score was given directly.
    public let falseMatchRate: Double?

    /// A threshold from the engine's calibration, or a score given directly.
    public init(score: Double, falseMatchRate: Double?) {
        self.score = score
        self.falseMatchRate = falseMatchRate
    }

    /// The host matcher's threshold for `falseMatchRate` (0.0001 = 1 in 10,000), from the
    /// engine's measured score calibration (`Threshold`, docs/bench.md).
    public static func forFalseMatchRate(_ falseMatchRate: Double) -> MatchThreshold {
        MatchThreshold(score: Threshold.forFalseMatchRate(falseMatchRate, matcher: .host).score, falseMatchRate: falseMatchRate)
    }

    /// A threshold no score reaches, for flows that only extract (practice, capture).
    public static let unused = MatchThreshold(score: .infinity, falseMatchRate: nil)

    /// Whether `score` decides for a match.
    public func accepts(_ score: Double) -> Bool {
        score >= self.score
    }
}
