/// The minutiae order a card asks for: the byte in tag `82` of the BIT's algorithm parameters
/// (`B1`), ISO/IEC 7816-11 with the ISO/IEC 19794-2 card formats (docs/card-formats.md,
/// "Minutiae order").
///
/// Bits b5–b3 (mask `1C`) name what to sort by: `04` x then y, `08` y then x, `0C` angle, `10`
/// polar; `00` asks for no ordering. Bits b2–b1 give the direction: `01` ascending, `10`
/// descending; `00` and `11` are not assigned. Bit `20` (a vendor's "coordinate extension") and
/// the top two bits are kept but not read.
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
        /// A criterion code (bits b5–b3) without a meaning in the standard.
        case unrecognized(UInt8)
    }

    /// Which way a sorted sequence runs.
    public enum Direction: UInt8, Hashable, Sendable {
        /// Bits b2–b1 `01`.
        case ascending = 0x01
        /// Bits b2–b1 `10`.
        case descending = 0x02
    }

    static let criterionMask: UInt8 = 0x1C
    static let directionMask: UInt8 = 0x03

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

    /// The direction of bits b2–b1; nil for the unassigned `00` and `11`.
    public var direction: Direction? { Direction(rawValue: rawValue & Self.directionMask) }

    /// Whether a host can honour the byte: no ordering at all, or a known criterion with an
    /// assigned direction. A card asking for anything else gets no probe, since a probe in the
    /// wrong order would only cost a try.
    public var isSupported: Bool {
        switch criterion {
        case .none: return true
        case .unrecognized: return false
        case .cartesianXY, .cartesianYX, .angle, .polar: return direction != nil
        }
    }

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

    /// "x-y ascending", "polar descending", "unordered", "unsupported order byte 07" …
    public var description: String {
        guard isSupported else { return "unsupported order byte \(hex([rawValue]))" }
        let direction = self.direction == .descending ? "descending" : "ascending"
        switch criterion {
        case .none, .unrecognized: return "unordered"
        case .cartesianXY: return "x-y \(direction)"
        case .cartesianYX: return "y-x \(direction)"
        case .angle: return "angle \(direction)"
        case .polar: return "polar \(direction)"
        }
    }
}
