import ArgumentParser
import Biometry
import Fingerprint

/// How the host decides a match: a false-match rate (the threshold comes from the engine's
/// calibration) or, for experiments and tests, a raw score.
struct MatchOptions: ParsableArguments {
    @Option(help: "False-match rate the host threshold is set for: 1/10000, 0.0001 or 1e-4.")
    var fmr = "1/10000"

    @Option(name: .customLong("threshold-score"),
            help: "Decide host comparisons at this matcher score (about 100 is a strong match) instead of by --fmr.")
    var thresholdScore: Double?

    func validate() throws {
        guard FalseMatchRate.parse(fmr) != nil else {
            throw ValidationError("--fmr \(fmr) is not a rate between 0 and 1 (1/10000, 0.0001, 1e-4)")
        }
        if let thresholdScore, !(thresholdScore >= 0 && thresholdScore.isFinite) {
            throw ValidationError("--threshold-score must be a score of 0 or more")
        }
    }

    /// The engine with the threshold these options ask for.
    func engine() -> RecognitionEngine {
        if let thresholdScore {
            return RecognitionEngine(threshold: Threshold(score: thresholdScore))
        }
        return RecognitionEngine(threshold: .forFalseMatchRate(FalseMatchRate.parse(fmr)!))
    }
}

/// `1/10000`, `0.0001`, `1e-4`.
enum FalseMatchRate {
    static func parse(_ text: String) -> Double? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let value: Double?
        if parts.count == 2, let numerator = Double(parts[0]), let denominator = Double(parts[1]), denominator > 0 {
            value = numerator / denominator
        } else {
            value = Double(text)
        }
        guard let value, value > 0, value < 1 else { return nil }
        return value
    }
}
