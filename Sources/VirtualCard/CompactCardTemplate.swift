/// Checks on ISO/IEC 19794-2 compact-card minutiae as they arrive on the card: 3 bytes each
/// (X, Y in 0.1 mm; type in b8–b7 with `11` reserved; angle in b6–b1) (smartcard.md §2.7).
enum CompactCardTemplate {
    /// The number of minutiae in `bytes`, or nil when they are not a compact-card template.
    static func minutiaCount(_ bytes: [UInt8]) -> Int? {
        guard !bytes.isEmpty, bytes.count.isMultiple(of: 3) else { return nil }
        for index in stride(from: 2, to: bytes.count, by: 3) where bytes[index] >> 6 == 0b11 {
            return nil
        }
        return bytes.count / 3
    }

    /// Whether `bytes` hold between `range` minutiae, well formed.
    static func isValid(_ bytes: [UInt8], count range: ClosedRange<Int>) -> Bool {
        minutiaCount(bytes).map(range.contains) ?? false
    }
}

/// Compares two byte strings in time that depends only on their lengths, for keys and PINs.
func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    var difference: UInt8 = 0
    for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
    return difference == 0
}
