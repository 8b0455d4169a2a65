/// The difference score between two frames at a candidate shift, and the best shift search
/// (aes2501.md §4.1–4.2, libfprint's frame assembly).
///
/// The hot loop of frame stitching: unsafe row pointers with wrapping arithmetic so that the
/// absolute-difference sum vectorises, plus an exact early exit once a candidate can no longer
/// beat the best score found so far.
struct FrameDifference {
    let width: Int
    let height: Int
    let horizontalShifts: ClosedRange<Int>
    let verticalShifts: ClosedRange<Int>

    /// The best shift of `a` against `b`, returned as `(−dx, dy)` with its score.
    ///
    /// dy runs in the outer loop, dx in the inner; only a strictly lower score replaces the best,
    /// so the first minimum in scan order wins (§4.2).
    func bestShift(_ a: [UInt8], _ b: [UInt8]) -> (shift: FrameShift, score: Int) {
        var best = 255 &* height &* width
        var bestShift = FrameShift.zero
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                for dy in verticalShifts {
                    for dx in horizontalShifts {
                        if let score = score(pa.baseAddress!, pb.baseAddress!, dx: dx, dy: dy, below: best) {
                            best = score
                            bestShift = FrameShift(dx: -dx, dy: dy)
                        }
                    }
                }
            }
        }
        return (bestShift, best)
    }

    /// E(A, B, dx, dy) = Σ|A − B| over the overlap · (H·W) / (h·w), truncated (§4.1); nil as
    /// soon as it cannot come out strictly below `limit`.
    func score(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, dx: Int, dy: Int,
               below limit: Int) -> Int? {
        let overlapWidth = width &- (dx < 0 ? -dx : dx)
        let overlapHeight = height &- dy
        guard overlapWidth > 0, overlapHeight > 0 else { return nil }
        let area = height &* width
        // floor(sum·area / (h·w)) < limit  ⇔  sum·area < limit·h·w, checked after every row.
        let (product, overflows) = limit.multipliedReportingOverflow(by: overlapHeight &* overlapWidth)
        let bound = overflows ? Int.max : product
        let aColumn = dx >= 0 ? dx : 0
        let bColumn = dx >= 0 ? 0 : -dx
        var sum = 0
        for row in 0..<overlapHeight {
            let rowA = a + (row &* width &+ aColumn)
            let rowB = b + ((dy &+ row) &* width &+ bColumn)
            var rowSum: Int32 = 0
            for column in 0..<overlapWidth {
                let difference = Int32(rowA[column]) &- Int32(rowB[column])
                let sign = difference &>> 31
                rowSum = rowSum &+ ((difference ^ sign) &- sign)
            }
            sum = sum &+ Int(rowSum)
            if sum &* area >= bound { return nil }
        }
        return sum &* area / (overlapHeight &* overlapWidth)
    }
}
