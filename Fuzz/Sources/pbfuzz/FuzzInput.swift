/// Splits one fuzzer input into the pieces a structured target needs (a length, a choice, the
/// rest), taking bytes from the front; running out yields zeros and empty arrays, never a trap.
struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte has been taken.
    var isEmpty: Bool { position >= bytes.count }

    /// The next byte, or 0 when none is left.
    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// The next two bytes as a big-endian number.
    mutating func uint16() -> Int {
        Int(byte()) << 8 | Int(byte())
    }

    /// Up to `count` next bytes.
    mutating func take(_ count: Int) -> [UInt8] {
        let end = min(bytes.count, position + max(0, count))
        defer { position = end }
        return Array(bytes[position..<end])
    }

    /// Every byte not taken yet.
    mutating func rest() -> [UInt8] {
        take(bytes.count - position)
    }
}
