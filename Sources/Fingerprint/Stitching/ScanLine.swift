/// One sample of a line-based swipe sensor: a full-width pixel row plus a narrow look-ahead
/// strip from a second sensor row a fixed distance ahead (libfprint 1.94.5's vfs5011 driver).
public struct ScanLine: Sendable, Hashable {
    /// The main row, 8 bits per pixel, column 0 first (VFS5011: 160 pixels).
    public let pixels: [UInt8]
    /// The look-ahead strip (VFS5011: 64 pixels lining up with main columns 48..111, with
    /// inverted polarity).
    public let lookAhead: [UInt8]

    public init(pixels: [UInt8], lookAhead: [UInt8]) {
        self.pixels = pixels
        self.lookAhead = lookAhead
    }
}

/// Integer statistics of byte vectors exactly as the line rules define them (libfprint 1.94.5's vfs5011 driver):
/// every division truncates.
enum LineStatistics {
    /// var(v): m = ⌊Σv / N⌋, then ⌊Σ(v − m)² / N⌋.
    static func variance(_ values: UnsafeBufferPointer<UInt8>) -> Int {
        guard !values.isEmpty else { return 0 }
        var sum = 0
        for value in values { sum = sum &+ Int(value) }
        let mean = sum / values.count
        var squares = 0
        for value in values {
            let deviation = Int(value) &- mean
            squares = squares &+ deviation &* deviation
        }
        return squares / values.count
    }

    /// msd(a, b) = ⌊Σ(a − b)² / N⌋ over the common length.
    static func meanSquaredDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        let count = min(a.count, b.count)
        guard count > 0 else { return 0 }
        var squares = 0
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                for index in 0..<count {
                    let difference = Int(pa[index]) &- Int(pb[index])
                    squares = squares &+ difference &* difference
                }
            }
        }
        return squares / count
    }
}
