/// CRC-32 as in IEEE 802.3, zlib and PNG (reflected polynomial 0xEDB88320): the host template's
/// checksum, and the virtual card's state file's.
public enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { value, _ in value & 1 != 0 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1 }
    }

    /// The CRC of `bytes` (0xCBF43926 for the ASCII digits 1 to 9).
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crc, byte in table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
}
