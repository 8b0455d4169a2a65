/// What response data (or an ATR, or a TLV value) must look like: exact bytes, byte wildcards
/// (`..` or `??`), nibble wildcards (`6x`, `?0`), values of variables, and `*` for "anything
/// from here on".
public struct BytePattern: Sendable, CustomStringConvertible {
    /// One part of the pattern.
    public enum Element: Sendable {
        /// One byte compared where `mask` has 1 bits (`mask` `00` is a byte wildcard).
        case byte(value: UInt8, mask: UInt8)
        /// The bytes of a variable or environment value, compared exactly.
        case expression(ByteExpression.Term)
        /// `*`: any number of further bytes (only last).
        case rest
    }

    /// The parts, in order.
    public let elements: [Element]

    /// A pattern from its parts.
    public init(elements: [Element]) { self.elements = elements }

    /// The pattern with every variable resolved, ready to compare.
    /// - Parameter resolve: gives the bytes of a variable or environment term.
    public func resolved<Failure: Error>(
        _ resolve: (ByteExpression.Term) throws(Failure) -> [UInt8]
    ) throws(Failure) -> MaskedBytes {
        var values: [UInt8] = [], masks: [UInt8] = [], open = false
        for element in elements {
            switch element {
            case .byte(let value, let mask):
                values.append(value & mask)
                masks.append(mask)
            case .expression(let term):
                let bytes = try resolve(term)
                values += bytes
                masks += Array(repeating: 0xFF, count: bytes.count)
            case .rest:
                open = true
            }
        }
        return MaskedBytes(values: values, masks: masks, allowsMore: open)
    }

    /// The pattern as a script would spell it.
    public var description: String {
        elements.map { element in
            switch element {
            case .byte(let value, let mask): MaskedBytes.text(value: value, mask: mask)
            case .expression(let term): ByteExpression(terms: [term]).description
            case .rest: "*"
            }
        }.joined(separator: " ")
    }
}

/// Bytes with a per-byte bit mask, and whether more bytes may follow: a resolved pattern.
public struct MaskedBytes: Hashable, Sendable, CustomStringConvertible {
    /// Expected values (already masked).
    public let values: [UInt8]
    /// 1 bits are compared, 0 bits are wildcards.
    public let masks: [UInt8]
    /// Whether the data may be longer than `values` (`*`).
    public let allowsMore: Bool

    /// Masked bytes from their parts; `masks` must be as long as `values`.
    public init(values: [UInt8], masks: [UInt8], allowsMore: Bool) {
        self.values = values
        self.masks = masks
        self.allowsMore = allowsMore
    }

    /// Whether `bytes` matches: same length (or longer, with `*`) and equal under the masks.
    public func matches(_ bytes: [UInt8]) -> Bool {
        firstMismatch(in: bytes) == nil
    }

    /// The index of the first byte that differs (`bytes.count` when the length is wrong), or nil.
    public func firstMismatch(in bytes: [UInt8]) -> Int? {
        for index in values.indices {
            guard index < bytes.count else { return bytes.count }
            if bytes[index] & masks[index] != values[index] { return index }
        }
        if bytes.count > values.count, !allowsMore { return values.count }
        return nil
    }

    /// The same pattern with an extra bit mask applied (`FF` past the end of `mask`).
    public func masked(by mask: [UInt8]) -> MaskedBytes {
        let combined = masks.indices.map { masks[$0] & (($0 < mask.count) ? mask[$0] : 0xFF) }
        return MaskedBytes(values: values.indices.map { values[$0] & combined[$0] }, masks: combined,
                           allowsMore: allowsMore)
    }

    /// `6F .. 8x *`.
    public var description: String {
        var parts = values.indices.map { Self.text(value: values[$0], mask: masks[$0]) }
        if allowsMore { parts.append("*") }
        return parts.isEmpty ? "(empty)" : parts.joined(separator: " ")
    }

    static func text(value: UInt8, mask: UInt8) -> String {
        if mask == 0 { return ".." }
        let digits = Array("0123456789ABCDEF")
        let high = mask & 0xF0 == 0xF0 ? digits[Int(value >> 4)] : "x"
        let low = mask & 0x0F == 0x0F ? digits[Int(value & 0x0F)] : "x"
        if mask & 0xF0 != 0xF0 && mask & 0xF0 != 0 || mask & 0x0F != 0x0F && mask & 0x0F != 0 {
            return "\(hexPair(value))/\(hexPair(mask))"
        }
        return String([high, low])
    }
}
