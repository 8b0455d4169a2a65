/// The card-wide security state: which BioManager finger containers and keys are verified since
/// the last reset. The BioManager applet sets it and the IDStore applet reads it, as a Java Card
/// Shareable Interface would let them (docs/card-edges.md).
///
/// Used only under the card's lock, like the applets; it is never persisted, so a reset, a power
/// loss or a restart of the card forgets it.
public final class CardSecurityState {
    /// Finger containers (0–9) verified since the last reset.
    public internal(set) var verifiedContainers: Set<UInt8> = []
    /// Whether the BioManager admin key is verified.
    public internal(set) var isAdminKeyVerified = false
    /// Whether the BioManager start key is verified.
    public internal(set) var isStartKeyVerified = false

    /// A state with nothing verified.
    public init() {}

    /// Whether any finger is verified: IDStore's "biometry" condition.
    public var isFingerVerified: Bool { !verifiedContainers.isEmpty }

    /// Forgets everything (card reset or power off).
    func reset() {
        verifiedContainers = []
        isAdminKeyVerified = false
        isStartKeyVerified = false
    }
}
