// Measured tables for templates of unknown origin. Regenerate with `pbbench templates`, which
// prints them ("unknown-origin calibration from all 4 sets") and checks each set against a table
// derived without it (docs/bench.md, "Calibration").
extension ScoreCalibration {
    /// The host matcher's impostor scores where at least one side is another extractor's record:
    /// SecuGen-vs-SecuGen and both directions of SecuGen-vs-pbtool (pbtool extracting the same
    /// 300×400 resize SecuGen saw), all-impostor pairs of FVC2002 DB1_B, DB2_B, FVC2004 DB1_B and
    /// DB3_B (4 × 3 × 2,880 = 34,560 comparisons), as decisions see them: a pair with a template
    /// refused for its minutia density (``MinutiaDensity``), the vendor's or pbtool's, scores 0.
    /// That resize squeezed FVC2004 DB1_B to 47 % of its width, and 67 of its 80 records (and 69 of
    /// pbtool's 80 extractions) are refused; before the refusal they supplied most of the tail, and
    /// a held-out set's false matches were 23 in 10,000.
    public static let hostForeign = ScoreCalibration(knots: [
        .init(score: 21.156, falseMatchRate: 0.5),
        .init(score: 24.578, falseMatchRate: 0.2),
        .init(score: 26.846, falseMatchRate: 0.1),
        .init(score: 29.197, falseMatchRate: 0.05),
        .init(score: 32.151, falseMatchRate: 0.0199942),
        .init(score: 34.746, falseMatchRate: 0.00998264),
        .init(score: 37.087, falseMatchRate: 0.00497685),
        .init(score: 41.539, falseMatchRate: 0.00199653),
        .init(score: 44.000, falseMatchRate: 0.000983796),
        .init(score: 47.449, falseMatchRate: 0.000491898),
        .init(score: 52.625, falseMatchRate: 0.000173611),
        .init(score: 55.360, falseMatchRate: 8.68056e-05),
    ], tailSlope: -0.09783, impostorCount: 34560)

    /// The compact-card matcher's, measured like ``hostForeign`` on card templates of the same records
    /// and extractions.
    public static let cardForeign = ScoreCalibration(knots: [
        .init(score: 1.835, falseMatchRate: 0.500087),
        .init(score: 3.401, falseMatchRate: 0.200318),
        .init(score: 4.545, falseMatchRate: 0.100347),
        .init(score: 5.649, falseMatchRate: 0.0501736),
        .init(score: 7.236, falseMatchRate: 0.0200231),
        .init(score: 8.333, falseMatchRate: 0.010272),
        .init(score: 9.491, falseMatchRate: 0.00497685),
        .init(score: 10.978, falseMatchRate: 0.00199653),
        .init(score: 11.985, falseMatchRate: 0.000983796),
        .init(score: 13.062, falseMatchRate: 0.000491898),
        .init(score: 15.065, falseMatchRate: 0.000173611),
        .init(score: 16.181, falseMatchRate: 8.68056e-05),
    ], tailSlope: -0.26127, impostorCount: 34560)
}
