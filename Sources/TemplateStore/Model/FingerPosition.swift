/// One of the ten finger positions of ISO/IEC 19794-2 (Table 2; code 0, "unknown", is not stored).
public enum FingerPosition: Int, Sendable, CaseIterable, Hashable, Comparable {
    case rightThumb = 1, rightIndex, rightMiddle, rightRing, rightLittle
    case leftThumb, leftIndex, leftMiddle, leftRing, leftLittle

    /// The name used on the command line and in JSON: `right-index` … `left-little`.
    public var name: String {
        let hand = rawValue <= 5 ? "right" : "left"
        let fingers = ["thumb", "index", "middle", "ring", "little"]
        return "\(hand)-\(fingers[(rawValue - 1) % 5])"
    }

    /// The ISO/IEC 19794-2 finger position code (1–10).
    public var isoCode: Int { rawValue }

    /// Parses `right-index` … `left-little` (case-insensitive).
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = match
    }

    public static func < (lhs: FingerPosition, rhs: FingerPosition) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
