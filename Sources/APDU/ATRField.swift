/// One line of a field-by-field ATR listing (like ATR_analysis): a named field, its bytes, what
/// they mean, and nested fields (historical-byte objects).
public struct ATRField: Hashable, Sendable, Encodable {
    /// `"TS"`, `"T0"`, `"TA1"`, `"Historical bytes"`, `"Tag 3"`, `"TCK"`.
    public let name: String
    /// The bytes this field covers (empty for a missing field such as an absent TCK).
    public let bytes: [UInt8]
    /// The first line of explanation.
    public let meaning: String
    /// Further lines (bit-level facts, speeds).
    public let details: [String]
    /// Nested fields (the objects inside the historical bytes).
    public let children: [ATRField]

    /// A field with its explanation.
    public init(name: String, bytes: [UInt8], meaning: String, details: [String] = [], children: [ATRField] = []) {
        self.name = name
        self.bytes = bytes
        self.meaning = meaning
        self.details = details
        self.children = children
    }

    /// Indented text, e.g. `"TA1 = 96: Fi = 512, Di = 32, 16 cycles/ETU"` then details.
    public func lines(indent: String = "  ", level: Int = 0) -> [String] {
        let prefix = String(repeating: indent, count: level)
        let value = bytes.isEmpty ? "" : " = \(bytes.hexString())"
        var lines = ["\(prefix)\(name)\(value): \(meaning)"]
        lines += details.map { "\(prefix)\(indent)- \($0)" }
        lines += children.flatMap { $0.lines(indent: indent, level: level + 1) }
        return lines
    }

    private enum CodingKeys: String, CodingKey { case name, bytes, meaning, details, children }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(bytes.hexString(), forKey: .bytes)
        try container.encode(meaning, forKey: .meaning)
        if !details.isEmpty { try container.encode(details, forKey: .details) }
        if !children.isEmpty { try container.encode(children, forKey: .children) }
    }
}
