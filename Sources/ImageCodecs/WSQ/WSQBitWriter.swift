/// Writes bits most significant first, stuffing a `00` after every `FF` byte so that block data
/// never looks like a marker (WSQ specification §B.3).
struct WSQBitWriter {
    private var bytes: [UInt8] = []
    private var pending: UInt64 = 0
    private var pendingCount = 0

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends the low `count` bits of `value` (at most 24).
    mutating func write(_ value: UInt32, count: Int) {
        pending = pending << UInt64(count) | UInt64(value) & ((1 << UInt64(count)) - 1)
        pendingCount += count
        while pendingCount >= 8 {
            pendingCount -= 8
            emit(UInt8(truncatingIfNeeded: pending >> UInt64(pendingCount)))
        }
    }

    private mutating func emit(_ byte: UInt8) {
        bytes.append(byte)
        if byte == 0xFF { bytes.append(0x00) }
    }

    /// Pads the last byte with one bits and returns everything written.
    mutating func finish() -> [UInt8] {
        if pendingCount > 0 { write(UInt32((1 << (8 - pendingCount)) - 1), count: 8 - pendingCount) }
        return bytes
    }
}
