/// The biometric comparison an applet runs on the card: an ISO/IEC 19794-2 compact-card probe
/// against the stored reference, decided at the comparator's own fixed threshold.
///
/// Applets hand it validated minutiae (3 bytes each) and only ever learn the decision, so a
/// reference never has to leave the card. `pbtool card emulate` uses the engine's compact-card
/// matcher (`EngineComparison`); tests may pass their own at this seam.
public protocol OnCardComparison: Sendable {
    /// Whether `probe` and `reference` come from the same finger.
    func isMatch(probe: [UInt8], reference: [UInt8]) -> Bool

    /// The matcher's version, major and minor, as GET PROPERTIES bytes 2–3 report it.
    var version: [UInt8] { get }

    /// A short name for the matcher, for logs and `DF31`.
    var name: String { get }
}
