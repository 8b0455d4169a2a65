/// Bounds-checked big-endian reads from a WSQ file; running off the end throws
/// ``WSQError/truncated(what:offset:)`` naming what was being read.
struct WSQByteReader {
    let bytes: [UInt8]
    private(set) var offset: Int

    init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var remaining: Int { bytes.count - offset }

    func require(_ count: Int, for what: String) throws {
        guard count >= 0, count <= bytes.count - offset else {
            throw WSQError.truncated(what: what, offset: offset)
        }
    }

    mutating func uint8(_ what: String) throws -> UInt8 {
        try require(1, for: what)
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func uint16(_ what: String) throws -> UInt16 {
        try require(2, for: what)
        defer { offset += 2 }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    mutating func uint32(_ what: String) throws -> UInt32 {
        try require(4, for: what)
        defer { offset += 4 }
        return (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[offset + $1]) }
    }

    mutating func bytes(_ count: Int, for what: String) throws -> ArraySlice<UInt8> {
        try require(count, for: what)
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    mutating func skip(_ count: Int, for what: String) throws {
        try require(count, for: what)
        offset += count
    }

    /// Reads the two-byte length that opens a marker segment and returns how many payload bytes follow;
    /// the length counts itself, so values below 2 are impossible.
    mutating func segmentPayloadLength(_ what: String) throws -> Int {
        let start = offset
        let length = Int(try uint16("length of the \(what)"))
        guard length >= 2 else {
            throw WSQError.invalidTable("the \(what) says it is \(length) bytes long (at least 2 needed)", offset: start)
        }
        try require(length - 2, for: what)
        return length - 2
    }
}

/// Big-endian appends for the WSQ encoder.
struct WSQByteWriter {
    private(set) var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func uint8(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func uint16(_ value: UInt16) {
        bytes.append(UInt8(value >> 8))
        bytes.append(UInt8(value & 0xFF))
    }

    mutating func uint32(_ value: UInt32) {
        for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    mutating func marker(_ marker: WSQMarker) {
        uint16(marker.rawValue)
    }

    mutating func append<Bytes: Sequence>(contentsOf other: Bytes) where Bytes.Element == UInt8 {
        bytes.append(contentsOf: other)
    }

    /// Writes `marker`, then the segment length (payload plus the two length bytes), then the payload.
    mutating func segment(_ marker: WSQMarker, payload: [UInt8]) {
        self.marker(marker)
        uint16(UInt16(payload.count + 2))
        bytes.append(contentsOf: payload)
    }
}
