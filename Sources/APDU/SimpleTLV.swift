/// A SIMPLE-TLV data object (ISO/IEC 7816-4 §5.2.1): a 1-byte tag `01`–`FE`, a length of 1 byte
/// (`00`–`FE`) or `FF` + 2 bytes (up to 65 535), then the value.
public struct SimpleTLV: Hashable, Sendable {
    /// `01`–`FE`.
    public let tag: UInt8
    /// 0–65 535 bytes.
    public let value: [UInt8]

    /// - Throws: `TLVError` for tag `00`/`FF` or a value longer than 65 535 bytes.
    public init(tag: UInt8, value: [UInt8]) throws {
        guard tag != 0x00, tag != 0xFF else { throw TLVError(.invalidTag(tag), offset: 0) }
        guard value.count <= 0xFFFF else {
            throw TLVError(.valueTooLong(maximum: 0xFFFF, actual: value.count), offset: 0, tag: [tag].hexString())
        }
        self.tag = tag
        self.value = value
    }

    private init(unchecked tag: UInt8, value: [UInt8]) {
        self.tag = tag
        self.value = value
    }

    /// Tag, length (1 byte, or `FF` + 2 bytes from 255 on), value.
    public var encoded: [UInt8] {
        let length: [UInt8] = value.count < 0xFF
            ? [UInt8(value.count)] : [0xFF, UInt8(value.count >> 8), UInt8(value.count & 0xFF)]
        return [tag] + length + value
    }

    /// Decodes consecutive objects covering all of `bytes`.
    /// - Throws: `TLVError` naming the offset of a bad tag, length or value.
    public static func decode(_ bytes: [UInt8]) throws -> [SimpleTLV] {
        var objects: [SimpleTLV] = []
        var offset = 0
        while offset < bytes.count {
            let tag = bytes[offset]
            let name = [tag].hexString()
            guard tag != 0x00, tag != 0xFF else { throw TLVError(.invalidTag(tag), offset: offset) }
            guard offset + 1 < bytes.count else { throw TLVError(.truncatedLength, offset: offset + 1, tag: name) }
            var count = Int(bytes[offset + 1])
            var valueStart = offset + 2
            if count == 0xFF {
                guard offset + 3 < bytes.count else { throw TLVError(.truncatedLength, offset: offset + 1, tag: name) }
                count = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
                valueStart = offset + 4
            }
            let available = bytes.count - valueStart
            guard count <= available else {
                throw TLVError(.truncatedValue(declared: count, available: available), offset: offset + 1, tag: name)
            }
            objects.append(SimpleTLV(unchecked: tag, value: Array(bytes[valueStart..<(valueStart + count)])))
            offset = valueStart + count
        }
        return objects
    }
}
