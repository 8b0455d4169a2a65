/// Reads big-endian fields of a record in order; a read past the end throws
/// ``TemplateError/truncated(format:field:offset:byteCount:)`` naming the field.
///
/// Field names are autoclosures, built only when an error needs them.
struct ByteReader {
    let bytes: [UInt8]
    let format: TemplateFormat
    private(set) var offset = 0

    init(_ bytes: [UInt8], format: TemplateFormat) {
        self.bytes = bytes
        self.format = format
    }

    var remaining: Int { bytes.count - offset }

    private func require(_ count: Int, _ field: () -> String) throws {
        guard count <= remaining else {
            throw TemplateError.truncated(format: format, field: field(), offset: offset,
                                          byteCount: bytes.count)
        }
    }

    mutating func uint8(_ field: @autoclosure () -> String) throws -> UInt8 {
        try require(1, field)
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func uint16(_ field: @autoclosure () -> String) throws -> UInt16 {
        try require(2, field)
        defer { offset += 2 }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    mutating func uint32(_ field: @autoclosure () -> String) throws -> UInt32 {
        try require(4, field)
        defer { offset += 4 }
        return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func bytes(_ count: Int, _ field: @autoclosure () -> String) throws -> [UInt8] {
        try require(count, field)
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    /// An error for a field already read: it started `size` bytes before the current offset.
    func invalid(_ field: String, size: Int, value: Int, allowed: String) -> TemplateError {
        .invalidField(format: format, field: field, offset: offset - size, value: value,
                      allowed: allowed)
    }
}

/// Big-endian field at a fixed offset, or `nil` when the bytes are too short; for sniffing.
func bigEndianField(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt32? {
    guard offset >= 0, offset + size <= bytes.count else { return nil }
    return bytes[offset..<offset + size].reduce(0) { $0 << 8 | UInt32($1) }
}
