import Fingerprint

/// The VFS5011's 240-byte line record (libfprint 1.94.5's vfs5011 driver).
enum VFS5011LineRecord {
    static let length = 240
    static let magic: [UInt8] = [0x01, 0xfe]
    static let pixelRange = 8..<168
    static let lookAheadRange = 168..<232

    /// The whole records in one capture read (a trailing partial record is dropped, as
    /// libfprint does), or a description of the first corrupt one.
    static func lines(in data: [UInt8]) -> Result<[ScanLine], StripProblem> {
        var lines: [ScanLine] = []
        lines.reserveCapacity(data.count / length)
        var start = 0
        while start + length <= data.count {
            guard data[start] == magic[0], data[start + 1] == magic[1] else {
                return .failure(StripProblem("a corrupt line record at byte \(start) of a capture read "
                    + "(starts \(hex(data[start])) \(hex(data[start + 1])), expected 01 fe)"))
            }
            lines.append(ScanLine(pixels: Array(data[(start + pixelRange.lowerBound)..<(start + pixelRange.upperBound)]),
                                  lookAhead: Array(data[(start + lookAheadRange.lowerBound)..<(start + lookAheadRange.upperBound)])))
            start += length
        }
        return .success(lines)
    }
}
