/// Bytes written in a script: hex, `$variables` (optionally sliced) and `${ENVIRONMENT}` values,
/// concatenated. Resolved when the statement runs.
public struct ByteExpression: Sendable, CustomStringConvertible {
    /// One part of the expression.
    public enum Term: Sendable {
        /// Hex written in the script.
        case bytes([UInt8])
        /// `$name` or `$name[slice]`.
        case variable(VariableReference)
        /// `${NAME}`: the environment variable's value, read as hex.
        case environment(name: String, location: SourceLocation)
    }

    /// The parts, in order.
    public let terms: [Term]

    /// An expression from its parts.
    public init(terms: [Term]) { self.terms = terms }

    /// The bytes, when the expression is plain hex.
    public var literalBytes: [UInt8]? {
        var bytes: [UInt8] = []
        for term in terms {
            guard case .bytes(let part) = term else { return nil }
            bytes += part
        }
        return bytes
    }

    /// Whether an environment value is part of it (such values are treated as secrets).
    public var usesEnvironment: Bool {
        terms.contains { if case .environment = $0 { true } else { false } }
    }

    /// The expression as a script would spell it.
    public var description: String {
        terms.map { term in
            switch term {
            case .bytes(let bytes): bytes.map { hexPair($0) }.joined(separator: " ")
            case .variable(let reference): reference.description
            case .environment(let name, _): "${\(name)}"
            }
        }.joined(separator: " ")
    }
}

/// `$name` or `$name[slice]` at a place in the script.
public struct VariableReference: Sendable, CustomStringConvertible {
    /// The name without `$`.
    public let name: String
    /// Which bytes of the value; nil for all of them.
    public let slice: ByteSlice?
    /// Where the reference is written.
    public let location: SourceLocation

    /// A reference from its parts.
    public init(name: String, slice: ByteSlice?, location: SourceLocation) {
        self.name = name
        self.slice = slice
        self.location = location
    }

    public var description: String { "$\(name)" + (slice.map { "[\($0)]" } ?? "") }
}

/// A byte range written `[i]`, `[a:b]`, `[a:]` or `[:b]` (0-based, end excluded, as in Python).
public struct ByteSlice: Hashable, Sendable, CustomStringConvertible {
    /// First byte taken.
    public let start: Int
    /// One past the last byte taken; nil for "to the end".
    public let end: Int?

    /// A slice from `start` to `end` (exclusive, nil for the end).
    public init(start: Int, end: Int?) {
        self.start = start
        self.end = end
    }

    /// The selected bytes, or nil when `bytes` is too short for the slice.
    public func apply(to bytes: [UInt8]) -> [UInt8]? {
        let upper = end ?? bytes.count
        guard start <= upper, upper <= bytes.count else { return nil }
        return Array(bytes[start..<upper])
    }

    /// The fewest bytes the slice needs.
    public var requiredCount: Int { end ?? start }

    public var description: String {
        if let end, end == start + 1 { return String(start) }
        return "\(start):" + (end.map(String.init) ?? "")
    }
}

/// Two upper-case hex digits.
func hexPair(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
}
