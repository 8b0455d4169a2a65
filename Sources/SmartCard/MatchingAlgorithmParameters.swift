/// What a card accepts as a probe: the minutiae count range and order from the biometric header's
/// matching-algorithm parameters (BHT `B1`: `81` min/max, `82` order, `83` feature handling).
public struct MatchingAlgorithmParameters: Hashable, Sendable {
    /// Fewest minutiae the card compares (the host must not invent more; smartcard.md §2.7).
    public var minimumMinutiae: Int
    /// Most minutiae the card takes; the host prunes above it.
    public var maximumMinutiae: Int
    /// How the probe's minutiae must be sorted.
    public var order: MinutiaOrder
    /// Extra features the card wants (`01` ridge counts, `02` cores, `04` deltas, `08` zonal
    /// quality); compact-card probes carry none, so pbtool only reports this.
    public var featureHandling: UInt8

    /// Parameters from their parts.
    public init(minimumMinutiae: Int, maximumMinutiae: Int, order: MinutiaOrder, featureHandling: UInt8 = 0) {
        self.minimumMinutiae = minimumMinutiae
        self.maximumMinutiae = maximumMinutiae
        self.order = order
        self.featureHandling = featureHandling
    }

    /// What pbtool's cards ask of a probe: 12–60 minutiae, x-y ascending (smartcard.md §3.7.B).
    public static let pbtoolProbe = MatchingAlgorithmParameters(minimumMinutiae: 12, maximumMinutiae: 60, order: .xyAscending)
    /// What pbtool's cards accept as a reference (enrolment): 16–60 minutiae, x-y ascending.
    public static let pbtoolReference = MatchingAlgorithmParameters(minimumMinutiae: 16, maximumMinutiae: 60, order: .xyAscending)

    /// The limits range, e.g. `12…60`.
    public var countRange: ClosedRange<Int> { minimumMinutiae...max(minimumMinutiae, maximumMinutiae) }
}
