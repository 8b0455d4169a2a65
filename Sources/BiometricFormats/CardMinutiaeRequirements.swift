/// What a card accepts in a compact card template: the biometric matching algorithm parameters
/// of its BHT (`B1`): the minimum and maximum number of minutiae (`81`, one byte each), their
/// order (`82`) and the extra features it wants (`83`). The card edges read them from the card's
/// biometric header and write them into the headers they enrol (docs/card-formats.md).
public struct CardMinutiaeRequirements: Hashable, Sendable, Codable {
    /// Fewer usable minutiae than this make the probe unusable (ISO/IEC 19794-2 §9.3.3: never
    /// invent minutiae; capture again or use another finger).
    public var minimumCount: Int
    /// Minutiae beyond this are removed (ISO/IEC 19794-2 §9.3.2).
    public var maximumCount: Int
    /// The order the card wants the minutiae in (BIT `B1`/`82`).
    public var order: MinutiaeOrder
    /// Extra features the card wants (`B1`/`83`: `01` ridge counts, `02` cores, `04` deltas,
    /// `08` zonal quality). Compact card templates carry none, so this is only reported.
    public var featureHandling: UInt8

    /// Requirements from the BIT values: `B1`/`81` gives the two counts, `B1`/`82` the order,
    /// `B1`/`83` the feature handling.
    public init(minimumCount: Int, maximumCount: Int, order: MinutiaeOrder, featureHandling: UInt8 = 0) {
        self.minimumCount = minimumCount
        self.maximumCount = maximumCount
        self.order = order
        self.featureHandling = featureHandling
    }

    /// Everything the format can hold, in record order: what a compact template written
    /// without a card in mind uses.
    public static let unconstrained = CardMinutiaeRequirements(minimumCount: 0, maximumCount: 255,
                                                               order: .unordered)

    /// What pbtool's cards (both edges, the `pb-iso` profile) ask of a probe: 12 to 60
    /// minutiae, x-y ascending; also what a card that publishes no parameters gets.
    public static let pbISO = CardMinutiaeRequirements(minimumCount: 12, maximumCount: 60,
                                                       order: .cartesianXYAscending)

    /// What pbtool's cards accept as a reference (enrolment): 16 to 60 minutiae, x-y ascending.
    public static let pbISOReference = CardMinutiaeRequirements(minimumCount: 16, maximumCount: 60,
                                                                order: .cartesianXYAscending)

    /// The count range, e.g. `12…60`.
    public var countRange: ClosedRange<Int> { minimumCount...max(minimumCount, maximumCount) }
}
