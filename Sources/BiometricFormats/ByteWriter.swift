/// Appends big-endian fields to a record; range checks happen before writing, in the codecs.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func append(_ value: UInt16) {
        bytes.append(UInt8(value >> 8))
        bytes.append(UInt8(value & 0xFF))
    }

    mutating func append(_ value: UInt32) {
        append(UInt16(value >> 16))
        append(UInt16(value & 0xFFFF))
    }

    mutating func append(contentsOf data: [UInt8]) {
        bytes.append(contentsOf: data)
    }
}
