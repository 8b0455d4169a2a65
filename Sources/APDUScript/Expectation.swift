import APDU

/// A check on the answer to a command, and where it is written.
public struct Expectation: Sendable {
    /// What is checked.
    public enum Kind: Sendable {
        /// `=9000|63Cx` (one of) or `!6A82|6A88` (none of).
        case status(StatusPattern)
        /// `data PATTERN`: the response data.
        case data(BytePattern)
        /// `len N` or `len N..M`: the number of response data bytes.
        case length(LengthRange)
        /// `tlv PATH …`: a BER-TLV object in the response data.
        case tlv(TLVPath, TLVCheck)
    }

    /// What is checked.
    public let kind: Kind
    /// Where the check starts.
    public let location: SourceLocation

    /// A check at `location`.
    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }
}

/// What a `tlv PATH` check wants of the object at the path.
public enum TLVCheck: Sendable {
    /// `== PATTERN`: the object's value.
    case equals(BytePattern)
    /// `present`.
    case present
    /// `absent`.
    case absent
    /// `len N` / `len N..M`: the value's length.
    case length(LengthRange)
}

/// A status-word list with nibble wildcards: `9000|63Cx`, negated for `!`.
public struct StatusPattern: Hashable, Sendable, CustomStringConvertible {
    /// One acceptable (or, negated, refused) word: compared where `mask` has 1 bits.
    public struct Alternative: Hashable, Sendable {
        /// The word with wildcard nibbles zero.
        public let value: UInt16
        /// `F` per fixed nibble, `0` per wildcard.
        public let mask: UInt16

        /// An alternative from its parts.
        public init(value: UInt16, mask: UInt16) {
            self.value = value & mask
            self.mask = mask
        }

        /// Whether `word` matches this alternative.
        public func matches(_ word: StatusWord) -> Bool { word.rawValue & mask == value }
    }

    /// The words listed.
    public let alternatives: [Alternative]
    /// `!`: the status word must match none of them.
    public let negated: Bool

    /// A status pattern from its parts.
    public init(alternatives: [Alternative], negated: Bool) {
        self.alternatives = alternatives
        self.negated = negated
    }

    /// Whether `word` satisfies the check.
    public func accepts(_ word: StatusWord) -> Bool {
        alternatives.contains { $0.matches(word) } != negated
    }

    /// `=9000|63Cx` or `!6A82`.
    public var description: String {
        (negated ? "!" : "=") + alternatives.map(\.text).joined(separator: "|")
    }
}

extension StatusPattern.Alternative {
    /// `63Cx`.
    var text: String {
        let digits = Array("0123456789ABCDEF")
        return String((0..<4).map { index -> Character in
            let shift = UInt16(12 - 4 * index)
            return (mask >> shift) & 0xF == 0 ? "x" : digits[Int((value >> shift) & 0xF)]
        })
    }
}

/// A length or an inclusive range of lengths: `len 8`, `len 4..16`.
public struct LengthRange: Hashable, Sendable, CustomStringConvertible {
    /// The smallest accepted length.
    public let minimum: Int
    /// The largest accepted length.
    public let maximum: Int

    /// `minimum...maximum`.
    public init(minimum: Int, maximum: Int) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Whether `count` is in range.
    public func contains(_ count: Int) -> Bool { (minimum...maximum).contains(count) }

    public var description: String { minimum == maximum ? String(minimum) : "\(minimum)..\(maximum)" }
}

/// `-> $name`, `-> $name[a:b]`, `-> $name = tlv PATH`: keeps bytes of the answer for later
/// commands.
public struct Capture: Sendable {
    /// Where the bytes come from.
    public enum Source: Sendable {
        /// The response data.
        case data
        /// The value of the BER-TLV object at the path in the response data.
        case tlv(TLVPath)
    }

    /// The variable set, without `$`.
    public let name: String
    /// Which bytes of the source are kept; nil for all.
    public let slice: ByteSlice?
    /// Where the bytes come from.
    public let source: Source
    /// Where `->` is written.
    public let location: SourceLocation

    /// A capture from its parts.
    public init(name: String, slice: ByteSlice?, source: Source, location: SourceLocation) {
        self.name = name
        self.slice = slice
        self.source = source
        self.location = location
    }
}
