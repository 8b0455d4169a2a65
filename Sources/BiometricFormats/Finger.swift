/// One of the ten fingers: the one finger type of every module (card edges, template store,
/// minutiae records, flows).
///
/// The raw value is the ISO/IEC 19794-2 / ANSI INCITS 378 finger position code (1 right thumb …
/// 10 left little). The other numberings (the store's, the BioManager container, the CBEFF
/// subtype, the `pb-iso` reference) are computed from it in `Finger+Numberings.swift`, the only
/// place they meet (docs/card-formats.md, "Finger numberings").
public enum Finger: Int, CaseIterable, Sendable, Hashable, Comparable, Codable {
    case rightThumb = 1, rightIndex, rightMiddle, rightRing, rightLittle
    case leftThumb, leftIndex, leftMiddle, leftRing, leftLittle

    private static let digitNames = ["thumb", "index", "middle", "ring", "little"]

    /// `right-index` … `left-little`: the name on the command line, in JSON and in messages.
    public var name: String {
        "\(isRight ? "right" : "left")-\(Self.digitNames[(rawValue - 1) % 5])"
    }

    /// Parses `right-index` … `left-little`; any letter case, `_` or a space for `-`, and
    /// `rightIndex` are accepted.
    public init?(name: String) {
        let normalized = String(name.lowercased().map { $0 == "_" || $0 == " " ? "-" : $0 })
        guard let match = Self.allCases.first(where: {
            $0.name == normalized || $0.name.filter({ $0 != "-" }) == normalized
        }) else { return nil }
        self = match
    }

    /// Every accepted name, for error messages and help.
    public static var names: [String] { allCases.map(\.name) }

    /// Whether the finger is on the right hand.
    public var isRight: Bool { rawValue <= 5 }

    public static func < (lhs: Finger, rhs: Finger) -> Bool { lhs.rawValue < rhs.rawValue }
}

