/// A COMPACT-TLV data object (ISO/IEC 7816-4 §8.1.1.2, used in ATR historical bytes): one byte with
/// the tag in the high nibble and the length (0–15) in the low nibble, then the value.
public struct CompactTLV: Hashable, Sendable, CustomStringConvertible {
    /// 0–15.
    public let tag: UInt8
    /// 0–15 bytes.
    public let value: [UInt8]

    /// - Throws: `TLVError` (`.invalidTag` for a tag above 15, `.valueTooLong` above 15 bytes).
    public init(tag: UInt8, value: [UInt8]) throws {
        guard tag <= 0x0F else { throw TLVError(.invalidTag(tag), offset: 0) }
        guard value.count <= 0x0F else {
            throw TLVError(.valueTooLong(maximum: 15, actual: value.count), offset: 0, tag: Self.name(tag))
        }
        self.tag = tag
        self.value = value
    }

    private init(unchecked tag: UInt8, value: [UInt8]) {
        self.tag = tag
        self.value = value
    }

    /// Header byte (tag nibble, length nibble) followed by the value.
    public var encoded: [UInt8] { [tag << 4 | UInt8(value.count)] + value }

    /// Decodes consecutive objects covering all of `bytes`.
    /// - Throws: `TLVError` when a value runs past the end.
    public static func decode(_ bytes: [UInt8]) throws -> [CompactTLV] {
        let (objects, problem) = decodePrefix(bytes)
        if let problem { throw problem }
        return objects
    }

    /// Decodes as many objects as fit and reports the first problem instead of throwing, so an ATR
    /// with broken historical bytes can still show what was readable.
    public static func decodePrefix(_ bytes: [UInt8]) -> (objects: [CompactTLV], problem: TLVError?) {
        var objects: [CompactTLV] = []
        var offset = 0
        while offset < bytes.count {
            let header = bytes[offset]
            let tag = header >> 4, count = Int(header & 0x0F)
            let available = bytes.count - offset - 1
            guard count <= available else {
                let problem = TLVError(.truncatedValue(declared: count, available: available),
                                       offset: offset, tag: name(tag))
                return (objects, problem)
            }
            objects.append(CompactTLV(unchecked: tag, value: Array(bytes[(offset + 1)..<(offset + 1 + count)])))
            offset += 1 + count
        }
        return (objects, nil)
    }

    /// `"3"` style tag name used in messages.
    static func name(_ tag: UInt8) -> String { String(tag, radix: 16, uppercase: true) }

    public var description: String {
        "\(Self.name(tag))\(String(value.count, radix: 16, uppercase: true)) \(value.hexString())"
            .trimmingTrailingSpace
    }
}

extension String {
    fileprivate var trimmingTrailingSpace: String { hasSuffix(" ") ? String(dropLast()) : self }
}
