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

    /// What each line contributes to a comparison, packed `width` bytes per line: as the earlier
    /// line of a pair and as the later one. The speed search compares every line with up to 100
    /// others, so the strips are cut out once (traps, as indexing would, when a line is too short).
    struct Strips {
        let width: Int
        let asEarlier: [UInt8]
        let asLater: [UInt8]
    }

    /// The strips of `lines`, `width` wide (the look-ahead's width).
    func strips(of lines: [ScanLine], width: Int) -> Strips {
        let column = switch self {
        case .sumVariance(let column), .squaredDifference(let column): column
        }
        let window = column..<(column + width)
        var main: [UInt8] = [], ahead: [UInt8] = []
        main.reserveCapacity(lines.count * width)
        ahead.reserveCapacity(lines.count * width)
        for line in lines {
            precondition(line.lookAhead.count == width, "look-ahead strips of different widths")
            main.append(contentsOf: line.pixels[window])
            ahead.append(contentsOf: line.lookAhead)
        }
        return switch self {
        case .sumVariance: Strips(width: width, asEarlier: main, asLater: ahead)
        case .squaredDifference: Strips(width: width, asEarlier: ahead, asLater: main)
        }
    }

    /// The deviation of a pair from its strips (lower is a better match).
    func deviation(_ earlier: UnsafePointer<UInt8>, _ later: UnsafePointer<UInt8>, width: Int) -> Int {
        switch self {
        case .sumVariance: Self.sumVariance(earlier, later, count: width)
        case .squaredDifference: Self.squaredDifference(earlier, later, count: width)
        }
    }

    /// var(s) over s_k = line[column + k] + lookAhead[k], every division truncating.
    private static func sumVariance(_ line: UnsafePointer<UInt8>, _ lookAhead: UnsafePointer<UInt8>, count: Int) -> Int {
        guard count > 0 else { return 0 }
        var total = 0
        for k in 0..<count { total &+= Int(line[k]) &+ Int(lookAhead[k]) }
        let mean = total / count
        var squares = 0
        for k in 0..<count {
            let deviation = Int(line[k]) &+ Int(lookAhead[k]) &- mean
            squares &+= deviation &* deviation
        }
        return squares / count
    }

    /// Σ (strip[k] − line[column + k])², in 32 bits (at most 255² per pixel) so that it vectorises.
    private static func squaredDifference(_ strip: UnsafePointer<UInt8>, _ line: UnsafePointer<UInt8>, count: Int) -> Int {
        var squares = 0
        var k = 0
        while k < count {
            // 32-bit partial sums of at most 32,768 pixels cannot overflow.
            let end = min(count, k + 32_768)
            var partial: UInt32 = 0
            for index in k..<end {
                let difference = Int32(strip[index]) &- Int32(line[index])
                partial &+= UInt32(bitPattern: difference &* difference)
            }
            squares &+= Int(partial)
            k = end
        }
        return squares
    }
}
