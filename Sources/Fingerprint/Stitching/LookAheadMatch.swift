/// How a line sensor's look-ahead strip is compared with a later line to find the swipe speed.
///
/// The strip of line i comes from a second sensor row a fixed distance ahead, so the later line
/// j that shows the same ridges is the one the finger needed j − i lines to reach.
public enum LookAheadMatch: Sendable, Hashable {
    /// VFS5011 (libfprint 1.94.5's vfs5011 driver): the look-ahead has inverted polarity, so line i's columns
    /// `column…` plus line j's strip is flattest where they match: the variance of the sum.
    case sumVariance(column: Int)
    /// VFS0050: the sum of squared differences between line i's strip and line j's columns
    /// `column…` (the strip is the centre of the row ahead, same polarity).
    case squaredDifference(column: Int)

    /// The deviation of the pair (lower is a better match); `scratch` holds one strip width.
    func deviation(_ earlier: ScanLine, _ later: ScanLine, scratch: inout [Int]) -> Int {
        switch self {
        case .sumVariance(let column):
            Self.sumVariance(earlier.pixels, later.lookAhead, column: column, into: &scratch)
        case .squaredDifference(let column):
            Self.squaredDifference(earlier.lookAhead, later.pixels, column: column)
        }
    }

    /// var(s) over s_k = line[column + k] + lookAhead[k], every division truncating.
    private static func sumVariance(_ line: [UInt8], _ lookAhead: [UInt8], column: Int, into sums: inout [Int]) -> Int {
        let count = lookAhead.count
        var total = 0
        for k in 0..<count {
            let value = Int(line[column + k]) + Int(lookAhead[k])
            sums[k] = value
            total += value
        }
        let mean = total / count
        var squares = 0
        for k in 0..<count {
            let deviation = sums[k] - mean
            squares += deviation * deviation
        }
        return squares / count
    }

    /// Σ (strip[k] − line[column + k])².
    private static func squaredDifference(_ strip: [UInt8], _ line: [UInt8], column: Int) -> Int {
        var squares = 0
        for k in strip.indices {
            let difference = Int(strip[k]) - Int(line[column + k])
            squares += difference * difference
        }
        return squares
    }
}
