/// One of the ten fingers, with the number every standard and card edge gives it.
///
/// The raw value is the ISO/IEC 19794-2 finger position (1 right thumb … 10 left little), the
/// numbering the Precise toolkit uses too. This table is the only place the numberings meet
/// (smartcard.md §2.2); `SmartCard` keeps its own copy because it never imports `Fingerprint`.
public enum Finger: Int, CaseIterable, Sendable, Hashable, Comparable {
    case rightThumb = 1, rightIndex, rightMiddle, rightRing, rightLittle
    case leftThumb, leftIndex, leftMiddle, leftRing, leftLittle

    /// `right-index` … `left-little`: the name on the command line and in JSON.
    public var name: String {
        let fingers = ["thumb", "index", "middle", "ring", "little"]
        return "\(isRight ? "right" : "left")-\(fingers[(rawValue - 1) % 5])"
    }

    /// Parses `right-index` … `left-little`; case, `_` for `-`, and `rightIndex` are accepted.
    public init?(name: String) {
        let normalized = String(name.lowercased().map { $0 == "_" ? "-" : $0 })
        guard let match = Self.allCases.first(where: {
            $0.name == normalized || $0.name.filter({ $0 != "-" }) == normalized
        }) else { return nil }
        self = match
    }

    /// Every accepted name, for error messages and help.
    public static var names: [String] { allCases.map(\.name) }

    /// The ISO/IEC 19794-2 / ANSI 378 finger position code (1–10).
    public var isoPosition: Int { rawValue }

    /// Whether the finger is on the right hand.
    public var isRight: Bool { rawValue <= 5 }

    /// The BioManager container (P1) the Precise reference code uses for this finger:
    /// 0 R-index, 1 L-index, 2 R-middle, 3 L-middle, 4 R-ring, 5 L-ring, 6 R-little, 7 L-little,
    /// 8 R-thumb, 9 L-thumb (smartcard.md §3.2).
    public var bioManagerContainer: UInt8 {
        let digit = (rawValue - 1) % 5
        let hand: UInt8 = isRight ? 0 : 1
        return digit == 0 ? 8 + hand : UInt8(digit - 1) * 2 + hand
    }

    /// The finger stored in BioManager container `container` (0–9), or nil.
    public init?(bioManagerContainer container: UInt8) {
        guard let match = Self.allCases.first(where: { $0.bioManagerContainer == container }) else { return nil }
        self = match
    }

    /// The CBEFF biometric subtype (BHT tag `82`): b1 right, b2 left, b5–b3 the finger
    /// (`04` thumb … `14` little), e.g. `09` for the right index (smartcard.md §2.2).
    public var cbeffSubtype: UInt8 {
        UInt8((rawValue - 1) % 5 + 1) << 2 | (isRight ? 0x01 : 0x02)
    }

    /// The finger a CBEFF subtype names, or nil (`00` "any finger" and non-finger values).
    public init?(cbeffSubtype subtype: UInt8) {
        guard let match = Self.allCases.first(where: { $0.cbeffSubtype == subtype }) else { return nil }
        self = match
    }

    /// The `pb-iso` reference data qualifier (VERIFY P2) of this finger's slot: `91` … `9A`
    /// (smartcard.md §3.7.B; `right-index` = `92`).
    public var isoReference: UInt8 { 0x90 + UInt8(rawValue) }

    public static func < (lhs: Finger, rhs: Finger) -> Bool { lhs.rawValue < rhs.rawValue }
}
