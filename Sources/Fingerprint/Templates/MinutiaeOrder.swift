/// The minutiae order a card asks for: the byte in tag `82` of the BIT's algorithm parameters
/// (`B1`), ISO/IEC 7816-11 with ISO/IEC 19794-2 card formats.
///
/// Code points, from smartcard.md §2.4 (verified there against NIST biomdi `isobit.h` and
/// Neurotechnology `FMCard.h`): bits b2–b1 `01` ascending, `10` descending; bits b5–b3 (mask
/// `1C`) `04` Cartesian x-y, `08` Cartesian y-x, `0C` angle, `10` polar; `00` no ordering.
/// Uncertain, and handled as NIST biomdi's `fmrisocompact` does: a criterion with direction
/// bits `00` or `11` (b2 set counts as descending), and bit `20` ("coordinate extension",
/// vendor constant), which is kept but ignored.
public struct MinutiaeOrder: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The order byte as the card's BIT holds it.
    public var rawValue: UInt8

    /// The order a BIT order byte asks for; any byte is kept.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// What the minutiae are sorted by.
    public enum Criterion: Hashable, Sendable {
        /// No ordering required: minutiae keep the order of the record.
        case none
        /// By x, then y.
        case cartesianXY
        /// By y, then x.
        case cartesianYX
        /// By angle.
        case angle
        /// By distance from the centre of mass, then angle.
        case polar
        /// A criterion code (bits b5–b3) without a meaning in the reference.
        case unrecognized(UInt8)
    }

    static let criterionMask: UInt8 = 0x1C
    static let descendingBit: UInt8 = 0x02
    static let ascendingBit: UInt8 = 0x01

    /// The sort criterion of bits b5–b3.
    public var criterion: Criterion {
        switch rawValue & Self.criterionMask {
        case 0x00: return .none
        case 0x04: return .cartesianXY
        case 0x08: return .cartesianYX
        case 0x0C: return .angle
        case 0x10: return .polar
        case let other: return .unrecognized(other)
        }
    }

    /// Whether the sorted sequence is reversed (bit b2).
    public var isDescending: Bool { rawValue & Self.descendingBit != 0 }

    /// `00`: no ordering required.
    public static let unordered = MinutiaeOrder(rawValue: 0x00)
    /// `05`: by x then y, ascending (the pb-iso profile's order).
    public static let cartesianXYAscending = MinutiaeOrder(rawValue: 0x05)
    /// `06`: by x then y, descending.
    public static let cartesianXYDescending = MinutiaeOrder(rawValue: 0x06)
    /// `09`: by y then x, ascending.
    public static let cartesianYXAscending = MinutiaeOrder(rawValue: 0x09)
    /// `0A`: by y then x, descending.
    public static let cartesianYXDescending = MinutiaeOrder(rawValue: 0x0A)
    /// `0D`: by angle, ascending.
    public static let angleAscending = MinutiaeOrder(rawValue: 0x0D)
    /// `0E`: by angle, descending.
    public static let angleDescending = MinutiaeOrder(rawValue: 0x0E)
    /// `11`: by distance from the centre of mass, then angle, ascending.
    public static let polarAscending = MinutiaeOrder(rawValue: 0x11)
    /// `12`: polar, descending.
    public static let polarDescending = MinutiaeOrder(rawValue: 0x12)

    /// "x-y ascending", "polar descending", "unordered" …
    public var description: String {
        let direction = isDescending ? "descending" : "ascending"
        switch criterion {
        case .none: return "unordered"
        case .cartesianXY: return "x-y \(direction)"
        case .cartesianYX: return "y-x \(direction)"
        case .angle: return "angle \(direction)"
        case .polar: return "polar \(direction)"
        case .unrecognized: return "unrecognized order byte \(hex([rawValue]))"
        }
    }
}
