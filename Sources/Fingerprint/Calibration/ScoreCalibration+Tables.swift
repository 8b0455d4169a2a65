// Measured tables. Regenerate after any change to the extractor or a matcher: run
// `pbtool bench accuracy --calibration` on each of the four FVC DB_B sets and paste the combined
// result (docs/bench.md, "Calibration").
extension ScoreCalibration {
    /// The host matcher's scores (``HostMatcher``), from the all-impostor comparisons of
    /// FVC2002 DB1_B and DB2_B and FVC2004 DB1_B and DB3_B (4 × 2,880 = 11,520 comparisons).
    ///
    /// Measured on the same four sets the engine is evaluated on, so rates are optimistic for
    /// unseen sensors; below about 2 in 10,000 they are extrapolated from the fitted tail.
    public static let host = ScoreCalibration(knots: [
        .init(score: 22.205, falseMatchRate: 0.5),
        .init(score: 24.947, falseMatchRate: 0.2),
        .init(score: 26.738, falseMatchRate: 0.1),
        .init(score: 28.563, falseMatchRate: 0.05),
        .init(score: 30.913, falseMatchRate: 0.0199653),
        .init(score: 32.689, falseMatchRate: 0.00998264),
        .init(score: 34.406, falseMatchRate: 0.00494792),
        .init(score: 37.845, falseMatchRate: 0.00199653),
        .init(score: 41.135, falseMatchRate: 0.000954861),
        .init(score: 45.928, falseMatchRate: 0.000434028),
        .init(score: 48.691, falseMatchRate: 0.000173611),
    ], tailSlope: -0.10293, impostorCount: 11520)

    /// The compact-card matcher's scores (``CardMatcher``), measured like ``host`` on card
    /// templates prepared from the same extractions.
    public static let card = ScoreCalibration(knots: [
        .init(score: 1.843, falseMatchRate: 0.500174),
        .init(score: 3.011, falseMatchRate: 0.200087),
        .init(score: 3.898, falseMatchRate: 0.1),
        .init(score: 4.697, falseMatchRate: 0.05),
        .init(score: 5.764, falseMatchRate: 0.0199653),
        .init(score: 6.704, falseMatchRate: 0.00998264),
        .init(score: 7.815, falseMatchRate: 0.00512153),
        .init(score: 9.296, falseMatchRate: 0.00199653),
        .init(score: 10.113, falseMatchRate: 0.000954861),
        .init(score: 11.265, falseMatchRate: 0.000434028),
        .init(score: 12.803, falseMatchRate: 0.000173611),
    ], tailSlope: -0.29512, impostorCount: 11520)
}
