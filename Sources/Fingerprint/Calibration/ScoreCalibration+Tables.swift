// Measured tables. Regenerate after any change to the extractor or a matcher: run
// `pbtool bench accuracy --calibration` on each of the seven FVC DB_B sets and paste the combined
// result (docs/bench.md, "Calibration"); `make bench` checks each set against a table derived
// without it.
extension ScoreCalibration {
    /// The host matcher's scores (``HostMatcher``), from the all-impostor comparisons of the seven
    /// FVC DB_B sets: FVC2000 DB1–DB3, FVC2002 DB1–DB2, FVC2004 DB1 and DB3 (7 × 2,880 = 20,160
    /// comparisons).
    ///
    /// Below about 1 in 10,000 the rates are extrapolated from the fitted tail. Derived
    /// leave-one-set-out, the tables keep false matches within 3× the requested rate on the set
    /// left out (docs/bench.md, "Calibration").
    public static let host = ScoreCalibration(knots: [
        .init(score: 22.390, falseMatchRate: 0.5),
        .init(score: 25.232, falseMatchRate: 0.2),
        .init(score: 27.315, falseMatchRate: 0.1),
        .init(score: 29.387, falseMatchRate: 0.05),
        .init(score: 32.368, falseMatchRate: 0.0199901),
        .init(score: 34.649, falseMatchRate: 0.00997024),
        .init(score: 36.969, falseMatchRate: 0.00496032),
        .init(score: 39.517, falseMatchRate: 0.00198413),
        .init(score: 42.145, falseMatchRate: 0.000992063),
        .init(score: 45.229, falseMatchRate: 0.000496032),
        .init(score: 48.054, falseMatchRate: 0.000198413),
        .init(score: 48.950, falseMatchRate: 9.92063e-05),
    ], tailSlope: -0.13171, impostorCount: 20160)

    /// The compact-card matcher's scores (``CardMatcher``), measured like ``host`` on card
    /// templates prepared from the same extractions.
    public static let card = ScoreCalibration(knots: [
        .init(score: 1.823, falseMatchRate: 0.500546),
        .init(score: 2.999, falseMatchRate: 0.20005),
        .init(score: 3.960, falseMatchRate: 0.100149),
        .init(score: 4.871, falseMatchRate: 0.05),
        .init(score: 6.056, falseMatchRate: 0.0199901),
        .init(score: 7.047, falseMatchRate: 0.0100198),
        .init(score: 8.035, falseMatchRate: 0.00500992),
        .init(score: 9.191, falseMatchRate: 0.00198413),
        .init(score: 10.111, falseMatchRate: 0.000992063),
        .init(score: 11.794, falseMatchRate: 0.000496032),
        .init(score: 13.189, falseMatchRate: 0.000198413),
        .init(score: 14.799, falseMatchRate: 9.92063e-05),
    ], tailSlope: -0.24653, impostorCount: 20160)
}
