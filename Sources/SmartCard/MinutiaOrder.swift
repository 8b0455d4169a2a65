import APDU

/// The minutiae order byte a card publishes (BHT `B1`/`82`): which key the probe's minutiae are
/// sorted by, and in which direction (smartcard.md §2.4, after NIST biomdi `isobit.h`).
public struct MinutiaOrder: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The sort key, bits b5–b3 of the byte.
    public enum Key: UInt8, Sendable {
        case none = 0x00
        /// By x, then y.
        case xy = 0x04
        /// By y, then x.
        case yx = 0x08
        /// By angle.
        case angle = 0x0C
        /// By distance from the centre of mass, then angle.
        case polar = 0x10
    }

    /// The direction, bits b2–b1 of the byte.
    public enum Direction: UInt8, Sendable {
        case none = 0x00
        case ascending = 0x01
        case descending = 0x02
    }

    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// An order from its parts.
    public init(key: Key, direction: Direction) { self.rawValue = key.rawValue | direction.rawValue }

    /// No ordering required (`00`).
    public static let unordered = MinutiaOrder(rawValue: 0x00)
    /// x-y ascending (`05`), the order `pb-iso` cards ask for.
    public static let xyAscending = MinutiaOrder(key: .xy, direction: .ascending)

    /// The sort key; nil for a reserved key value (the probe is then sent unsorted).
    public var key: Key? { Key(rawValue: rawValue & 0x1C) }

    /// The direction; nil for the reserved value `11`.
    public var direction: Direction? { Direction(rawValue: rawValue & 0x03) }

    public var description: String {
        guard let key, let direction else { return "reserved order \([rawValue].hexString())" }
        if key == .none || direction == .none { return "unordered" }
        return "\(key) \(direction == .ascending ? "ascending" : "descending")"
    }
}
