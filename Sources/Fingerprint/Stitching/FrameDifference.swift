/// The difference score between two frames at a candidate shift, and the best shift search
/// (libfprint 1.94.5's aes2501 driver and frame assembly).
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
    /// The result is the sheet's (§4.2): dy in the outer loop, dx in the inner, and only a
    /// strictly lower score replaces the best, so the first minimum in scan order wins. `hint`
    /// (usually the previous pair's shift) is scored first so that the early exit bites from
    /// the start; ties are still resolved by scan order, so the hint never changes the result.
    func bestShift(_ a: [UInt8], _ b: [UInt8], hint: FrameShift? = nil) -> (shift: FrameShift, score: Int) {
        // The starting "best" counts as a candidate before all others: a tie never replaces it.
        var best = 255 &* height &* width
        var bestIndex = -1
        var bestShift = FrameShift.zero
        let columns = horizontalShifts.count
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                let pointerA = pa.baseAddress!, pointerB = pb.baseAddress!
                var hinted: (dx: Int, dy: Int)?
                if let hint, verticalShifts.contains(hint.dy), horizontalShifts.contains(-hint.dx) {
                    hinted = (-hint.dx, hint.dy)
                    if let score = score(pointerA, pointerB, dx: -hint.dx, dy: hint.dy, below: best) {
                        best = score
                        bestIndex = (hint.dy - verticalShifts.lowerBound) * columns + (-hint.dx - horizontalShifts.lowerBound)
                        bestShift = hint
                    }
                }
                var index = 0
                for dy in verticalShifts {
                    for dx in horizontalShifts {
                        defer { index += 1 }
                        if let hinted, hinted.dx == dx, hinted.dy == dy { continue }
                        // An earlier candidate wins a tie with the best so far, a later one must beat it.
                        let limit = index < bestIndex ? best &+ 1 : best
                        if let score = score(pointerA, pointerB, dx: dx, dy: dy, below: limit) {
                            best = score
                            bestIndex = index
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
            var rowSum: UInt32 = 0
            for column in 0..<overlapWidth {
                rowSum = rowSum &+ (Int32(rowA[column]) &- Int32(rowB[column])).magnitude
            }
            sum = sum &+ Int(rowSum)
            if sum &* area >= bound { return nil }
        }
        return sum &* area / (overlapHeight &* overlapWidth)
    }
}
