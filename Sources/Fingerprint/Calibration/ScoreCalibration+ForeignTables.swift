// Measured tables for templates of unknown origin. Regenerate with `pbbench templates`, which
// prints them ("unknown-origin calibration from all 4 sets") and checks each set against a table
// derived without it (docs/bench.md, "Calibration").
extension ScoreCalibration {
    /// The host matcher's impostor scores where at least one side is another extractor's record:
    /// SecuGen-vs-SecuGen and both directions of SecuGen-vs-pbtool (pbtool extracting the same
    /// 300×400 resize SecuGen saw), all-impostor pairs of FVC2002 DB1_B, DB2_B, FVC2004 DB1_B and
    /// DB3_B (4 × 3 × 2,880 = 34,560 comparisons). FVC2004 DB1_B, squeezed to 47 % of its width by
    /// that resize, supplies most of the tail.
    public static let hostForeign = ScoreCalibration(knots: [
        .init(score: 23.351, falseMatchRate: 0.5),
        .init(score: 28.020, falseMatchRate: 0.2),
        .init(score: 31.718, falseMatchRate: 0.1),
        .init(score: 35.752, falseMatchRate: 0.05),
        .init(score: 42.141, falseMatchRate: 0.0199942),
        .init(score: 46.747, falseMatchRate: 0.00998264),
        .init(score: 51.916, falseMatchRate: 0.00497685),
        .init(score: 60.464, falseMatchRate: 0.00199653),
        .init(score: 65.184, falseMatchRate: 0.000983796),
        .init(score: 71.633, falseMatchRate: 0.000491898),
        .init(score: 84.674, falseMatchRate: 0.000173611),
        .init(score: 90.050, falseMatchRate: 8.68056e-05),
    ], tailSlope: -0.04650, impostorCount: 34560)

    /// The compact-card matcher's, measured like ``hostForeign`` on card templates of the same records
    /// and extractions.
    public static let cardForeign = ScoreCalibration(knots: [
        .init(score: 2.855, falseMatchRate: 0.500029),
        .init(score: 5.158, falseMatchRate: 0.2),
        .init(score: 7.059, falseMatchRate: 0.100145),
        .init(score: 9.051, falseMatchRate: 0.05),
        .init(score: 11.842, falseMatchRate: 0.0200521),
        .init(score: 14.061, falseMatchRate: 0.00998264),
        .init(score: 16.435, falseMatchRate: 0.00497685),
        .init(score: 20.070, falseMatchRate: 0.00199653),
        .init(score: 22.471, falseMatchRate: 0.000983796),
        .init(score: 24.745, falseMatchRate: 0.000491898),
        .init(score: 28.897, falseMatchRate: 0.000173611),
        .init(score: 30.747, falseMatchRate: 8.68056e-05),
    ], tailSlope: -0.12156, impostorCount: 34560)
}
