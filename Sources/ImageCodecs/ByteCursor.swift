/// Bounds-checked reading of integers from a byte array; running off the end is a thrown
/// ``ImageCodecError/truncated(_:_:)`` naming what was being read, never a trap.
struct ByteCursor {
    let bytes: [UInt8]
    let format: ImageFormat
    var offset: Int

    init(_ bytes: [UInt8], format: ImageFormat, offset: Int = 0) {
        self.bytes = bytes
        self.format = format
        self.offset = offset
    }

    var remaining: Int { max(0, bytes.count - offset) }
    var isAtEnd: Bool { offset >= bytes.count }

    /// Throws unless `count` bytes are left; `what` names them in the error.
    func require(_ count: Int, for what: String) throws(ImageCodecError) {
        guard count >= 0, offset <= bytes.count, count <= bytes.count - offset else {
            throw .truncated(format, "file ends inside the \(what) (needs \(count) bytes at offset \(offset), "
                             + "\(bytes.count) bytes in the file)")
        }
    }

    mutating func skip(_ count: Int, for what: String) throws(ImageCodecError) {
        try require(count, for: what)
        offset += count
    }

    mutating func uint8(_ what: String) throws(ImageCodecError) -> UInt8 {
        try require(1, for: what)
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func uint16LE(_ what: String) throws(ImageCodecError) -> UInt16 {
        try require(2, for: what)
        defer { offset += 2 }
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    mutating func uint32LE(_ what: String) throws(ImageCodecError) -> UInt32 {
        try require(4, for: what)
        defer { offset += 4 }
        return (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }

    mutating func int32LE(_ what: String) throws(ImageCodecError) -> Int32 {
        Int32(bitPattern: try uint32LE(what))
    }

    mutating func uint32BE(_ what: String) throws(ImageCodecError) -> UInt32 {
        try require(4, for: what)
        defer { offset += 4 }
        return (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[offset + $1]) }
    }

    mutating func bytes(_ count: Int, for what: String) throws(ImageCodecError) -> ArraySlice<UInt8> {
        try require(count, for: what)
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }
}

/// Little-endian and big-endian appends for encoders.
extension Array where Element == UInt8 {
    mutating func appendLE(_ value: UInt16) {
        append(UInt8(truncatingIfNeeded: value))
        append(UInt8(truncatingIfNeeded: value >> 8))
    }

    mutating func appendLE(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    mutating func appendBE(_ value: UInt16) {
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }

    mutating func appendBE(_ value: UInt32) {
        for shift in stride(from: 24, through: 0, by: -8) { append(UInt8(truncatingIfNeeded: value >> shift)) }
    }
}

/// Size limits every decoder enforces before allocating, so a lying header cannot exhaust memory.
enum ImageLimits {
    /// The largest side accepted, in pixels.
    static let maxSide = 65_535
    /// The largest image accepted, in pixels (64 Mpx: far above any fingerprint scan).
    static let maxPixels = 1 << 26

    static func check(width: Int, height: Int, format: ImageFormat) throws(ImageCodecError) {
        guard width > 0, height > 0 else {
            throw .malformed(format, "image size \(width)×\(height) has no pixels")
        }
        guard width <= maxSide, height <= maxSide, width * height <= maxPixels else {
            throw .unsupportedVariant(format, "image size \(width)×\(height) exceeds pbtool's limit "
                                      + "(\(maxSide) pixels a side, \(maxPixels / 1_048_576) Mpx in all)")
        }
    }
}

extension Double {
    /// Dots per inch from a per-metre count (PNG pHYs, BMP), rounded to 0.1 dpi: whole-metre
    /// storage cannot carry more precision (500 dpi is stored as 19 685 per metre = 499.9989 dpi).
    var dotsPerInchFromPerMetre: Double {
        (self * 0.0254 * 10).rounded() / 10
    }

    /// A resolution safe to convert to a header integer: finite, 0…1 000 000.
    var clampedForHeader: Double {
        isFinite ? Swift.min(Swift.max(self, 0), 1_000_000).rounded() : 0
    }
}
