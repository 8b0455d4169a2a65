/// Why TLV bytes (BER, COMPACT or SIMPLE) could not be decoded: what, at which byte, and inside
/// which constructed objects.
public struct TLVError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Problem: Equatable, Sendable {
        /// The bytes end inside a multi-byte tag.
        case truncatedTag
        /// A tag longer than `BERTag.maximumLength` bytes.
        case tagTooLong
        /// A tag byte that cannot start an object (`00`/`FF` in SIMPLE-TLV).
        case invalidTag(UInt8)
        /// The bytes end inside the length field.
        case truncatedLength
        /// `80`: indefinite length, which ISO 7816 does not use.
        case indefiniteLength
        /// A length form beyond `84` (more than 4 length bytes).
        case unsupportedLengthForm(UInt8)
        /// The value is shorter than its length field says.
        case truncatedValue(declared: Int, available: Int)
        /// Bytes left after the one object that was asked for.
        case trailingBytes(count: Int)
        /// A value too long for the format's length field (building COMPACT- or SIMPLE-TLV).
        case valueTooLong(maximum: Int, actual: Int)
        /// Constructed objects nested deeper than `BERTLV.maximumDepth`.
        case nestingTooDeep
    }

    /// What went wrong.
    public let problem: Problem
    /// Offset of the offending field from the start of the outermost input.
    public let offset: Int
    /// The tag of the object being read, as hex (`"7F60"`), when known.
    public let tag: String?
    /// Tags of the enclosing constructed objects, outermost first.
    public let path: [String]

    /// An error at `offset`, optionally naming the tag being read and its enclosing tags.
    public init(_ problem: Problem, offset: Int, tag: String? = nil, path: [String] = []) {
        self.problem = problem
        self.offset = offset
        self.tag = tag
        self.path = path
    }

    public var description: String {
        let place = path.isEmpty ? "at byte \(offset)" : "at byte \(offset) (inside \(path.joined(separator: "/")))"
        let subject = tag.map { "tag \($0)" } ?? "object"
        switch problem {
        case .truncatedTag: return "TLV truncated \(place): the data ends inside a tag"
        case .tagTooLong: return "TLV tag too long \(place): more than \(BERTag.maximumLength) bytes"
        case .invalidTag(let byte): return "invalid TLV tag \([byte].hexString()) \(place)"
        case .truncatedLength: return "TLV truncated \(place): \(subject) has no complete length field"
        case .indefiniteLength: return "\(subject) \(place) uses indefinite length (80), which ISO 7816 does not allow"
        case .unsupportedLengthForm(let byte):
            return "\(subject) \(place) has length form \([byte].hexString()); only 00-7F and 81-84 exist"
        case .truncatedValue(let declared, let available):
            return "TLV truncated \(place): \(subject) declares \(declared) value bytes, \(available) available"
        case .trailingBytes(let count): return "\(count) unexpected byte(s) after the TLV object \(place)"
        case .valueTooLong(let maximum, let actual):
            return "\(subject) value is \(actual) bytes; this TLV format holds at most \(maximum)"
        case .nestingTooDeep: return "\(subject) \(place) is nested deeper than \(BERTLV.maximumDepth) levels"
        }
    }
}
