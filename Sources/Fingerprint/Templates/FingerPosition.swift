/// Which finger a view shows, as the ISO/IEC 19794-2 and ANSI INCITS 378 finger position code.
///
/// Codes 0–10 follow the finger position table both standards share (0 unknown, 1 right thumb …
/// 10 left little). Other codes read from a record are kept as they are, so a round trip loses
/// nothing; they have no ``name``.
public struct FingerPosition: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The finger position code.
    public var rawValue: UInt8

    /// The position with this code; any byte is kept.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Code 0: finger not known or not given.
    public static let unknown = FingerPosition(rawValue: 0)
    /// Code 1.
    public static let rightThumb = FingerPosition(rawValue: 1)
    /// Code 2.
    public static let rightIndex = FingerPosition(rawValue: 2)
    /// Code 3.
    public static let rightMiddle = FingerPosition(rawValue: 3)
    /// Code 4.
    public static let rightRing = FingerPosition(rawValue: 4)
    /// Code 5.
    public static let rightLittle = FingerPosition(rawValue: 5)
    /// Code 6.
    public static let leftThumb = FingerPosition(rawValue: 6)
    /// Code 7.
    public static let leftIndex = FingerPosition(rawValue: 7)
    /// Code 8.
    public static let leftMiddle = FingerPosition(rawValue: 8)
    /// Code 9.
    public static let leftRing = FingerPosition(rawValue: 9)
    /// Code 10.
    public static let leftLittle = FingerPosition(rawValue: 10)

    /// The eleven named positions, unknown first, then right thumb … left little.
    public static let allNamed: [FingerPosition] = (0...10).map { FingerPosition(rawValue: $0) }

    private static let fingerNames = ["thumb", "index", "middle", "ring", "little"]

    /// The name the CLI and the card edges use: `right-index`, `left-little`, `unknown`;
    /// `nil` for a code outside 0–10.
    public var name: String? {
        switch rawValue {
        case 0: return "unknown"
        case 1...5: return "right-" + Self.fingerNames[Int(rawValue) - 1]
        case 6...10: return "left-" + Self.fingerNames[Int(rawValue) - 6]
        default: return nil
        }
    }

    /// Looks a position up by ``name``; accepts any letter case and `_` or a space for `-`.
    public init?(name: String) {
        let normalized = String(name.lowercased().map { $0 == "_" || $0 == " " ? "-" : $0 })
        guard let match = Self.allNamed.first(where: { $0.name == normalized }) else { return nil }
        self = match
    }

    /// The CBEFF biometric subtype byte for this finger (`09` = right index), as a 7816-11 BIT
    /// carries it in tag `82`; `nil` for a code outside 0–10. Bit layout: b1 right, b2 left,
    /// b5–b3 finger (`04` thumb … `14` little), per NISTIR 6529-A.
    public var cbeffSubtype: UInt8? {
        switch rawValue {
        case 0: return 0x00
        case 1...5: return 0x01 | (rawValue << 2)
        case 6...10: return 0x02 | ((rawValue - 5) << 2)
        default: return nil
        }
    }

    /// The position a CBEFF finger subtype byte names, or `nil` when it names none of the ten
    /// fingers (or "unknown", `00`).
    public init?(cbeffSubtype: UInt8) {
        guard let match = Self.allNamed.first(where: { $0.cbeffSubtype == cbeffSubtype }) else {
            return nil
        }
        self = match
    }

    /// The ``name``, or the bare code when it has none.
    public var description: String { name ?? "finger position code \(rawValue)" }
}
