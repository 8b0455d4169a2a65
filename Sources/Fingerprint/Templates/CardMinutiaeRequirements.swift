/// What a card accepts in a compact card template: the minimum and maximum number of minutiae
/// (BIT `B1`/`81`, one byte each) and their order (`B1`/`82`); the card edge reads them from the
/// card's biometric information template.
public struct CardMinutiaeRequirements: Hashable, Sendable, Codable {
    /// Fewer usable minutiae than this make the probe unusable (ISO/IEC 19794-2 §9.3.3: never
    /// invent minutiae; capture again or use another finger).
    public var minimumCount: Int
    /// Minutiae beyond this are removed (ISO/IEC 19794-2 §9.3.2).
    public var maximumCount: Int
    /// The order the card wants the minutiae in (BIT `B1`/`82`).
    public var order: MinutiaeOrder

    /// Requirements from the BIT values: `B1`/`81` gives the two counts, `B1`/`82` the order.
    public init(minimumCount: Int, maximumCount: Int, order: MinutiaeOrder) {
        self.minimumCount = minimumCount
        self.maximumCount = maximumCount
        self.order = order
    }

    /// Everything the format can hold, in record order: what a compact template written
    /// without a card in mind uses.
    public static let unconstrained = CardMinutiaeRequirements(minimumCount: 0, maximumCount: 255,
                                                               order: .unordered)

    /// The pb-iso card profile's BIT (smartcard.md §7): 12 to 60 minutiae, x-y ascending.
    public static let pbISO = CardMinutiaeRequirements(minimumCount: 12, maximumCount: 60,
                                                       order: .cartesianXYAscending)
}
