/// The mapping from a target false-match rate to a host matcher threshold.
///
/// The engine's calibration (issue 4) has not landed on this branch yet: until it does, asking
/// for a threshold by rate fails with ``BiometryError/calibrationUnavailable(falseMatchRate:)``
/// rather than inventing a score; callers pass a score directly instead.
public enum HostCalibration {
    /// The threshold for `falseMatchRate` (0.0001 = 1 in 10,000).
    public static func threshold(falseMatchRate: Double) throws -> MatchThreshold {
        throw BiometryError.calibrationUnavailable(falseMatchRate: falseMatchRate)
    }
}
