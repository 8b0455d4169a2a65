import Fingerprint

/// The VFS0050's 148-byte line record: `01 FE`, a line number, two noise hashes, 2 bytes, the
/// 100-pixel line, a 32-pixel strip of the row ahead (the look-ahead), 8 bytes of scan data
/// (libfprint's vfs0050 header). Records run on across reads.
enum VFS0050LineRecord {
    static let length = 148
    static let pixelRange = 8..<108
    static let lookAheadRange = 108..<140
    static let noiseHashes = (4, 5)
    /// A hash byte strictly inside (40, 216) marks noise (water left on the sensor).
    static let noiseMargin = 40
    /// At most this many lines are assembled (libfprint's limit).
    static let maximumLines = 3_000

    /// The lines of a swipe's bytes: trailing noise lines dropped, at most 3000, a trailing
    /// partial record ignored. The first record must start `01 FE`; later ones are taken as
    /// they come (the recording has three records without the marker, as libfprint tolerates).
    static func lines(in stream: [UInt8]) -> Result<[ScanLine], StripProblem> {
        var count = stream.count / length
        guard count == 0 || (stream[0] == 0x01 && stream[1] == 0xfe) else {
            return .failure(StripProblem("a line stream that starts \(hex(stream[0])) \(hex(stream[1])), expected 01 fe"))
        }
        while count > 0 && isNoise(stream, record: count - 1) { count -= 1 }
        return .success((0..<min(count, maximumLines)).map { record in
            let start = record * length
            return ScanLine(pixels: Array(stream[(start + pixelRange.lowerBound)..<(start + pixelRange.upperBound)]),
                            lookAhead: Array(stream[(start + lookAheadRange.lowerBound)..<(start + lookAheadRange.upperBound)]))
        })
    }

    private static func isNoise(_ stream: [UInt8], record: Int) -> Bool {
        let range = (noiseMargin + 1)...(255 - noiseMargin)
        return range.contains(Int(stream[record * length + noiseHashes.0]))
            && range.contains(Int(stream[record * length + noiseHashes.1]))
    }
}
