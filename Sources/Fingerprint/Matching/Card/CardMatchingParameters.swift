/// Tuning values of the compact-card matcher, in card units: 0.1 mm for lengths and 1/256 of
/// a turn for angles (the card's own angle step is 4 of these, 5.625°).
public struct CardMatchingParameters: Sendable, Hashable {
    /// Nearest neighbours described around each minutia.
    public var neighbours = 8
    /// Two minutiae are compared only when their directions differ by at most this.
    public var maximumTurn = 64
    /// Neighbour descriptions agree within these tolerances (distance; radial and relative angle).
    public var neighbourDistanceTolerance = 3
    public var neighbourAngleTolerance = 10
    /// Alignments tried: the pairs with the most agreeing neighbours.
    public var seeds = 8
    /// Under an alignment two minutiae pair when both coordinates differ by at most
    /// `pairingDistance` (a tolerance box) and their directions by at most `pairingAngle`.
    public var pairingDistance = 4
    public var pairingAngle = 16
    /// The box grows by this many hundredths of the distance from the alignment's anchor, as skin
    /// stretches more the farther it is from where the two prints were laid on each other.
    public var pairingGrowth = 0

    /// Times the alignment is refitted to the pairs found and the pairing repeated.
    public var refinements = 2

    public init() {}
}
