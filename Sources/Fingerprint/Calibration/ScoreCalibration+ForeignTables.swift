// Measured tables for templates of unknown origin. Regenerate with `pbbench templates`, which
// prints them ("unknown-origin calibration from all 4 sets") and checks each set against a table
// derived without it (docs/bench.md, "Calibration").
extension ScoreCalibration {
    /// The host matcher's impostor scores where at least one side is another extractor's record:
    /// SecuGen-vs-SecuGen and both directions of SecuGen-vs-pbtool (pbtool extracting the same
    /// 300×400 resize SecuGen saw), all-impostor pairs of FVC2002 DB1_B, DB2_B, FVC2004 DB1_B and
    /// DB3_B (4 × 3 × 2,880 = 34,560 comparisons), as decisions see them: a pair with a record
    /// refused for its minutia density (``MinutiaDensity``) scores 0. That resize squeezed FVC2004
    /// DB1_B to 47 % of its width, and 67 of its 80 records are refused; before the refusal they
    /// supplied most of the tail, and a held-out set's false matches were 23 in 10,000.
    public static let hostForeign = ScoreCalibration(knots: [
        .init(score: 21.386, falseMatchRate: 0.5),
        .init(score: 24.860, falseMatchRate: 0.2),
        .init(score: 27.257, falseMatchRate: 0.1),
        .init(score: 29.738, falseMatchRate: 0.05),
        .init(score: 32.963, falseMatchRate: 0.0199942),
        .init(score: 35.791, falseMatchRate: 0.00998264),
        .init(score: 39.071, falseMatchRate: 0.00497685),
        .init(score: 43.331, falseMatchRate: 0.00199653),
        .init(score: 47.519, falseMatchRate: 0.000983796),
        .init(score: 50.322, falseMatchRate: 0.000491898),
        .init(score: 55.158, falseMatchRate: 0.000173611),
        .init(score: 58.952, falseMatchRate: 8.68056e-05),
    ], tailSlope: -0.08929, impostorCount: 34560)

    /// The compact-card matcher's, measured like ``hostForeign`` on card templates of the same records
    /// and extractions.
    public static let cardForeign = ScoreCalibration(knots: [
        .init(score: 1.932, falseMatchRate: 0.500029),
        .init(score: 3.550, falseMatchRate: 0.200058),
        .init(score: 4.762, falseMatchRate: 0.100116),
        .init(score: 5.939, falseMatchRate: 0.0500579),
        .init(score: 7.625, falseMatchRate: 0.0199942),
        .init(score: 8.853, falseMatchRate: 0.00998264),
        .init(score: 10.158, falseMatchRate: 0.00497685),
        .init(score: 11.806, falseMatchRate: 0.00199653),
        .init(score: 13.051, falseMatchRate: 0.000983796),
        .init(score: 14.426, falseMatchRate: 0.000491898),
        .init(score: 17.134, falseMatchRate: 0.000173611),
        .init(score: 18.096, falseMatchRate: 8.68056e-05),
    ], tailSlope: -0.21761, impostorCount: 34560)
}
