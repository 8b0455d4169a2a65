/// A BER-TLV tag (ISO/IEC 7816-4 §5.2.2.1, ISO/IEC 8825-1): class, primitive or constructed, and
/// number, kept as its encoded bytes (`7F60`, `5FC105`, `87`).
public struct BERTag: Hashable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible, Codable {
    /// Bits b8-b7 of the first byte.
    public enum TagClass: String, Sendable, Codable {
        case universal, application, contextSpecific, `private`
    }

    /// Longest tag accepted; 7816-4 itself uses at most 3 bytes.
    public static let maximumLength = 4

    /// The encoded tag bytes.
    public let bytes: [UInt8]

    /// Validates encoded tag bytes.
    /// - Throws: `TLVError` when the bytes are empty, start with `00`/`FF`, pad the number with a
    ///   leading `80`, or their continuation bits disagree with their count.
    public init(bytes: [UInt8]) throws {
        guard let first = bytes.first else { throw TLVError(.truncatedTag, offset: 0) }
        guard first != 0x00, first != 0xFF else { throw TLVError(.invalidTag(first), offset: 0) }
        // ISO/IEC 8825-1 §8.1.2.4.2: the first subsequent byte never has b7-b1 all zero.
        guard bytes.count < 2 || bytes[1] != 0x80 else { throw TLVError(.invalidTag(bytes[1]), offset: 1) }
        let (decoded, length) = try Self.read(from: bytes, at: 0)
        guard length == bytes.count else {
            throw TLVError(.trailingBytes(count: bytes.count - length), offset: length, tag: decoded.description)
        }
        self = decoded
    }

    /// Reads a tag written as hex, e.g. `"7F60"`.
    /// - Throws: `HexParseError` or `TLVError`.
    public init(hex: String) throws {
        try self.init(bytes: [UInt8](hex: hex))
    }

    /// A tag written as a number in code: `0x7F60`, `0x87`, `0x5FC105`. Leading zero bytes are
    /// dropped; the value must be a valid tag (a literal is a programming decision, so an invalid
    /// one stops the program).
    public init(integerLiteral value: UInt32) {
        var bytes: [UInt8] = []
        var rest = value
        repeat {
            bytes.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        } while rest != 0
        do { try self.init(bytes: bytes) } catch { preconditionFailure("BERTag literal \(String(value, radix: 16)): \(error)") }
    }

    private init(unchecked bytes: [UInt8]) { self.bytes = bytes }

    /// Universal, application, context-specific or private (b8-b7 of the first byte).
    public var tagClass: TagClass {
        switch bytes[0] >> 6 {
        case 0: return .universal
        case 1: return .application
        case 2: return .contextSpecific
        default: return .private
        }
    }

    /// b6 of the first byte: the value is a concatenation of BER-TLV objects.
    public var isConstructed: Bool { bytes[0] & 0x20 != 0 }

    /// The tag number (b5-b1, or the 7-bit groups of the following bytes).
    public var number: Int {
        guard bytes.count > 1 else { return Int(bytes[0] & 0x1F) }
        return bytes.dropFirst().reduce(0) { $0 << 7 | Int($1 & 0x7F) }
    }

    /// Upper-case hex, no spaces: `7F60`.
    public var description: String { bytes.hexString(separator: "") }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        try self.init(hex: container.decode(String.self))
    }

    /// Reads one tag starting at `offset`; returns it and its length in bytes.
    static func read(from bytes: [UInt8], at offset: Int) throws -> (BERTag, Int) {
        guard offset < bytes.count else { throw TLVError(.truncatedTag, offset: offset) }
        guard bytes[offset] & 0x1F == 0x1F else { return (BERTag(unchecked: [bytes[offset]]), 1) }
        var end = offset + 1
        while true {
            guard end - offset < maximumLength else { throw TLVError(.tagTooLong, offset: offset) }
            guard end < bytes.count else { throw TLVError(.truncatedTag, offset: offset) }
            let more = bytes[end] & 0x80 != 0
            end += 1
            if !more { break }
        }
        return (BERTag(unchecked: Array(bytes[offset..<end])), end - offset)
    }
}
