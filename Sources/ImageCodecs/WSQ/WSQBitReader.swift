/// Reads bits most significant first from block data with its stuffing bytes removed.
struct WSQBitReader {
    private let bytes: [UInt8]
    private var position = 0
    private var buffer: UInt64 = 0
    private var bufferedBits = 0

    init(unstuffing data: ArraySlice<UInt8>) {
        var clean: [UInt8] = []
        clean.reserveCapacity(data.count)
        var previous: UInt8 = 0
        for byte in data {
            if !(previous == 0xFF && byte == 0x00) { clean.append(byte) }
            previous = previous == 0xFF && byte == 0x00 ? 0 : byte
        }
        bytes = clean
    }

    /// Index of the next unread byte of the unstuffed data, for messages.
    var bytePosition: Int { position - bufferedBits / 8 }

    private mutating func refill() {
        while bufferedBits <= 56, position < bytes.count {
            buffer = buffer << 8 | UInt64(bytes[position])
            position += 1
            bufferedBits += 8
        }
    }

    mutating func bit() -> Int? {
        bits(1)
    }

    /// The next `count` bits (at most 16) as a number, or nil when fewer remain.
    mutating func bits(_ count: Int) -> Int? {
        if bufferedBits < count { refill() }
        guard bufferedBits >= count else { return nil }
        bufferedBits -= count
        return Int(buffer >> UInt64(bufferedBits) & ((1 << UInt64(count)) - 1))
    }
}
