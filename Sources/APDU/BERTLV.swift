/// One BER-TLV data object (ISO/IEC 7816-4 §5.2.2): a tag, a value, and for constructed objects
/// the objects inside the value.
///
/// Build with `BERTLV(0x87, [0x01, 0x01])` and `BERTLV(0x7F60) { … }`; decode with
/// `BERTLV.decode(_:)`; find with `find("7F61/7F60[0]/A1/87")`.
public struct BERTLV: Hashable, Sendable {
    /// The tag (class, constructed bit, number).
    public let tag: BERTag
    /// The value field exactly as encoded (for constructed objects: the encoded children, plus any
    /// `00`/`FF` padding that was between them).
    public let value: [UInt8]
    /// The objects inside a constructed value; empty for primitive objects and for constructed
    /// objects built from a raw value.
    public let children: [BERTLV]

    /// An object with a raw value. For a constructed tag the value is kept as given and `children`
    /// stays empty; use `init(_:children:)` or `decode` to get children.
    public init(_ tag: BERTag, _ value: [UInt8]) {
        self.tag = tag
        self.value = value
        self.children = []
    }

    /// A constructed object whose value is the encoding of `children`.
    public init(_ tag: BERTag, children: [BERTLV]) {
        self.tag = tag
        self.children = children
        self.value = children.flatMap(\.encoded)
    }

    init(tag: BERTag, value: [UInt8], children: [BERTLV]) {
        self.tag = tag
        self.value = value
        self.children = children
    }

    /// The complete object: tag, length (shortest form), value.
    public var encoded: [UInt8] {
        tag.bytes + Self.encodedLength(value.count) + value
    }

    /// The length field for `count` value bytes in its shortest form: `00`–`7F`, `81 XX`,
    /// `82 XXXX`, `83 XXXXXX`, `84 XXXXXXXX` (7816-4 §5.2.2.2).
    public static func encodedLength(_ count: Int) -> [UInt8] {
        if count < 0x80 { return [UInt8(count)] }
        var digits: [UInt8] = []
        var rest = count
        while rest > 0 {
            digits.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(digits.count)] + digits
    }

    /// The first direct child with `tag`.
    public func first(_ tag: BERTag) -> BERTLV? { children.first { $0.tag == tag } }

    /// All direct children with `tag`, in order.
    public func all(_ tag: BERTag) -> [BERTLV] { children.filter { $0.tag == tag } }
}

extension Array where Element == BERTLV {
    /// The concatenated encodings.
    public var encoded: [UInt8] { flatMap(\.encoded) }

    /// The first object with `tag` at this level.
    public func first(_ tag: BERTag) -> BERTLV? { first { $0.tag == tag } }
}
