import Foundation

/// Cylinder similarities between two templates (MCC eq. 11, bit-based form), delivered as the
/// list of candidate pairs the relaxation sorts.
enum LocalSimilarity {
    /// Appends every pair with a positive similarity to `candidates`, packed as
    /// `similarity bits << 32 | (i · b.count + j)`: positive floats order like their bit
    /// patterns, so integer order is similarity order.
    /// `rowEnds[i]` receives the end of row `i`'s run in `candidates` (rows come out in order).
    static func candidates(_ candidates: inout [UInt64], rowEnds: inout [Int32], _ a: CylinderSet, _ b: CylinderSet,
                           parameters: MatchingParameters) {
        let rows = a.minutiae.count, columns = b.minutiae.count
        // Written through a pointer into storage sized for every pair, then cut to length: no
        // capacity or uniqueness checks per pair.
        if candidates.count < rows * columns {
            candidates.append(contentsOf: repeatElement(0, count: rows * columns - candidates.count))
        }
        let minimumCommon = Int(parameters.minimumMatchableCells * Double(a.insideCells))
        let maximumTurn = Float(parameters.maximumDirectionDifference)
        let shape = Shape(cellWords: a.cellWords, layers: a.layers, planes: a.planes, stride: a.stride)
        var found = 0
        rowEnds.removeAll(keepingCapacity: true)
        rowEnds.append(contentsOf: repeatElement(0, count: rows))
        candidates.withUnsafeMutableBufferPointer { output in
            let out = output.baseAddress!
            a.words.withUnsafeBufferPointer { aw in
                b.words.withUnsafeBufferPointer { bw in
                    b.summaries.withUnsafeBufferPointer { bs in
                        for i in 0..<rows {
                            defer { rowEnds[i] = Int32(found) }
                            guard a.isValid[i] else { continue }
                            let aBase = aw.baseAddress! + i &* shape.stride
                            let summary = a.summaries[i]
                            for j in 0..<columns {
                                let other = bs[j]
                                guard other.isValid,
                                      abs(FastAngle.wrapped(summary.angle - other.angle)) <= maximumTurn else { continue }
                                let bBase = bw.baseAddress! + j &* shape.stride
                                let value = summary.isComplete && other.isComplete
                                    ? completeSimilarity(aBase, bBase, shape, a: summary, b: other)
                                    : similarity(aBase, bBase, shape, minimumCommon: minimumCommon)
                                if value > 0 {
                                    out[found] = UInt64(value.bitPattern) << 32 | UInt64(i &* columns &+ j)
                                    found &+= 1
                                }
                            }
                        }
                    }
                }
            }
        }
        candidates.removeLast(candidates.count - found)
    }

    struct Shape {
        let cellWords: Int
        let layers: Int
        let planes: Int
        let stride: Int
    }

    /// `‖a⊕b‖` written as `‖a‖ + ‖b‖ − 2‖a∧b‖` (bit counts), since value bits are only ever set
    /// in valid cells.
    @inline(__always)
    static func finish(aCount: Int, bCount: Int, both: Int) -> Float {
        guard aCount &+ bCount > 0 else { return 0 }
        let differing = aCount &+ bCount &- 2 &* both
        return 1 - Float(differing).squareRoot() / (Float(aCount).squareRoot() + Float(bCount).squareRoot())
    }

    /// Two complete cylinders: their valid cells coincide, so only the shared bits need counting.
    @inline(__always)
    static func completeSimilarity(_ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, _ shape: Shape,
                                   a first: CylinderSummary, b second: CylinderSummary) -> Float {
        var both = ByteCounts()
        for w in 0..<(shape.layers &* shape.cellWords) { both.add(a[w] & b[w]) }
        let aCount = Int(first.valueCount), bCount = Int(second.valueCount)
        guard aCount &+ bCount > 0 else { return 0 }
        // The same arithmetic as `finish`, with the counts' roots taken once per cylinder.
        let differing = aCount &+ bCount &- 2 &* both.total
        return 1 - Float(differing).squareRoot() / (first.valueRoot + second.valueRoot)
    }

    /// `1 − ‖a⊕b‖ / (‖a‖ + ‖b‖)` over the cells valid in both, or 0 when too few are.
    ///
    /// Each side's value bits inside the other's valid cells are counted on its layer-count
    /// planes (bit `p` of every cell's count weighs `2^p`), which gives the same total as
    /// counting every layer.
    @inline(__always)
    static func similarity(_ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, _ shape: Shape,
                           minimumCommon: Int) -> Float {
        let validity = shape.layers &* shape.cellWords
        var common = ByteCounts()
        for w in 0..<shape.cellWords { common.add(a[validity &+ w] & b[validity &+ w]) }
        guard common.total >= minimumCommon else { return 0 }
        var both = ByteCounts()
        for w in 0..<validity { both.add(a[w] & b[w]) }
        var aCount = 0, bCount = 0
        let planes = validity &+ shape.cellWords
        for plane in 0..<shape.planes {
            let base = planes &+ plane &* shape.cellWords
            var aPlane = ByteCounts(), bPlane = ByteCounts()
            for w in 0..<shape.cellWords {
                aPlane.add(a[base &+ w] & b[validity &+ w])
                bPlane.add(b[base &+ w] & a[validity &+ w])
            }
            aCount &+= aPlane.total &<< plane
            bCount &+= bPlane.total &<< plane
        }
        return finish(aCount: aCount, bCount: bCount, both: both.total)
    }
}

/// Counts set bits over many words without a population-count instruction (the portable x86-64
/// baseline has none): each word is reduced to per-byte counts (at most 8), the byte counts are
/// summed across words, and only the total is folded, once. Exact for up to 31 words.
struct ByteCounts {
    private var lanes: UInt64 = 0

    @inline(__always)
    mutating func add(_ word: UInt64) {
        var v = word &- ((word >> 1) & 0x5555_5555_5555_5555)
        v = (v & 0x3333_3333_3333_3333) &+ ((v >> 2) & 0x3333_3333_3333_3333)
        lanes &+= (v &+ (v >> 4)) & 0x0F0F_0F0F_0F0F_0F0F
    }

    var total: Int {
        let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ ((lanes >> 8) & 0x00FF_00FF_00FF_00FF)
        return Int((pairs &* 0x0001_0001_0001_0001) >> 48)
    }
}
