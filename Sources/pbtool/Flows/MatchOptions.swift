import ArgumentParser
import Biometry
import Fingerprint

/// How the host decides a match: a false-match rate (the threshold comes from the engine's
/// calibration) or, for experiments and tests, a raw score.
struct MatchOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "False-match rate the host threshold is set for: 1/10000, 0.0001 or 1e-4.",
            transform: OptionValue.rate)
    var fmr: Double = 1e-4

    @Option(name: .customLong("threshold-score"), parsing: .unconditional,
            help: "Decide host comparisons at this matcher score, 0–10000 (about 100 is a strong match), instead of by --fmr.",
            transform: OptionValue.score)
    var thresholdScore: Double?

    /// The engine with the threshold these options ask for.
    func engine() -> RecognitionEngine {
        if let thresholdScore {
            return RecognitionEngine(threshold: Threshold(score: thresholdScore))
        }
        return RecognitionEngine(threshold: .forFalseMatchRate(fmr))
    }
}
