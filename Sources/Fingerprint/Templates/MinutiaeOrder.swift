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

    public static let unordered = MinutiaeOrder(rawValue: 0x00)
    public static let cartesianXYAscending = MinutiaeOrder(rawValue: 0x05)
    public static let cartesianXYDescending = MinutiaeOrder(rawValue: 0x06)
    public static let cartesianYXAscending = MinutiaeOrder(rawValue: 0x09)
    public static let cartesianYXDescending = MinutiaeOrder(rawValue: 0x0A)
    public static let angleAscending = MinutiaeOrder(rawValue: 0x0D)
    public static let angleDescending = MinutiaeOrder(rawValue: 0x0E)
    public static let polarAscending = MinutiaeOrder(rawValue: 0x11)
    public static let polarDescending = MinutiaeOrder(rawValue: 0x12)

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
