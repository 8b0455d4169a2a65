import Fingerprint

/// The VFS301's 288-byte line record: `01 FE`, a line counter, flags, 200 pixels from byte 8,
/// then a stretched copy and sums the driver does not use (libfprint's vfs301 header).
enum VFS301LineRecord {
    static let length = 288
    static let magic: [UInt8] = [0x01, 0xfe]
    static let pixelRange = 8..<208

    /// The whole records of one line block; the first block of a swipe starts mid-record, so its
    /// lines begin at the first `01 FE` within one record's length. A trailing partial record is
    /// dropped; a record without the magic is corrupt.
    static func lines(in block: [UInt8], isFirst: Bool) -> Result<[ScanLine], StripProblem> {
        var start = 0
        if isFirst {
            guard let found = (0..<min(length, max(0, block.count - 1))).first(where: {
                block[$0] == magic[0] && block[$0 + 1] == magic[1]
            }) else {
                return .failure(StripProblem("a first line block without a line start (01 fe) in its first \(length) bytes"))
            }
            start = found
        }
        var lines: [ScanLine] = []
        lines.reserveCapacity((block.count - start) / length)
        while start + length <= block.count {
            guard block[start] == magic[0], block[start + 1] == magic[1] else {
                return .failure(StripProblem("a corrupt line record at byte \(start) of a line block "
                    + "(starts \(hex(block[start])) \(hex(block[start + 1])), expected 01 fe)"))
            }
            lines.append(ScanLine(pixels: Array(block[(start + pixelRange.lowerBound)..<(start + pixelRange.upperBound)]),
                                  lookAhead: []))
            start += length
        }
        return .success(lines)
    }
}
