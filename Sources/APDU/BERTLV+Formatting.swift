extension BERTLV: CustomStringConvertible, Encodable {
    /// An indented listing, one object per line: `7F60 (31)` for constructed objects, then their
    /// children; `87 (2) 01 01` for primitive ones.
    public var description: String { formattedLines(indent: "  ").joined(separator: "\n") }

    /// The listing as lines with `indent` per nesting level.
    public func formattedLines(indent: String = "  ", level: Int = 0) -> [String] {
        let prefix = String(repeating: indent, count: level)
        let head = "\(prefix)\(tag) (\(value.count))"
        if tag.isConstructed, !children.isEmpty || value.isEmpty {
            return [head] + children.flatMap { $0.formattedLines(indent: indent, level: level + 1) }
        }
        return [value.isEmpty ? head : "\(head) \(value.hexString())"]
    }

    private enum CodingKeys: String, CodingKey { case tag, length, value, children }

    /// JSON shape: `{"tag":"7F60","length":31,"children":[…]}` or `{"tag":"87","length":2,"value":"0101"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tag, forKey: .tag)
        try container.encode(value.count, forKey: .length)
        if tag.isConstructed, !children.isEmpty || value.isEmpty {
            try container.encode(children, forKey: .children)
        } else {
            try container.encode(value.hexString(separator: ""), forKey: .value)
        }
    }
}
