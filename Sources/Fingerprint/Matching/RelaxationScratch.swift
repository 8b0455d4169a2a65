/// Buffers the relaxation reuses from one comparison to the next.
struct RelaxationScratch: Sendable {
    /// From ``LocalSimilarity``: the candidate pairs, row by row, and where each row ends.
    var candidates: [UInt64] = []
    var rowEnds: [Int32] = []
    var compatibility: [Float] = []
    var pairColumns: [Float] = []
    var usedB: [Bool] = []
    var rowHeap: [UInt64] = []

    /// The most similar pairs of ``candidates``, best first, each minutia used at most once:
    /// the greedy choice over all candidates in order of similarity.
    ///
    /// Each unpaired row offers its best candidate whose column is still free; a heap holds one
    /// offer per row. An offer whose column was taken meanwhile is renewed when it comes out on
    /// top, so only rows in contention are rescanned, never the whole list.
    mutating func bestDistinctPairs(rows: Int, columns: Int, limit: Int) -> [Relaxation.Pair] {
        usedB.removeAll(keepingCapacity: true)
        usedB.append(contentsOf: repeatElement(false, count: columns))
        rowHeap.removeAll(keepingCapacity: true)
        var pairs: [Relaxation.Pair] = []
        pairs.reserveCapacity(limit)
        candidates.withUnsafeBufferPointer { list in
            rowEnds.withUnsafeBufferPointer { ends in
                usedB.withUnsafeMutableBufferPointer { used in
                    for row in 0..<rows {
                        if let offer = Self.bestOffer(list, from: row == 0 ? 0 : Int(ends[row &- 1]), to: Int(ends[row]),
                                                      rowStart: row &* columns, used: used) {
                            rowHeap.append(offer)
                        }
                    }
                    rowHeap.withUnsafeMutableBufferPointer { heap in
                        MaximumHeap.heapify(heap)
                        var remaining = heap.count
                        while pairs.count < limit, let offer = MaximumHeap.popFirst(heap, count: &remaining) {
                            let index = Int(offer & 0xFFFF_FFFF), i = index / columns, j = index % columns
                            if used[j] {
                                if let renewed = Self.bestOffer(list, from: i == 0 ? 0 : Int(ends[i &- 1]), to: Int(ends[i]),
                                                                rowStart: i &* columns, used: used) {
                                    MaximumHeap.push(heap, renewed, count: &remaining)
                                }
                                continue
                            }
                            used[j] = true
                            let value = Float(bitPattern: UInt32(offer >> 32))
                            pairs.append(Relaxation.Pair(a: i, b: j, initial: value, value: value))
                        }
                    }
                }
            }
        }
        return pairs
    }

    /// The largest candidate of one row whose column is free. `rowStart` is the row's first
    /// packed index (`i · columns`), so a column is a subtraction away.
    @inline(__always)
    private static func bestOffer(_ list: UnsafeBufferPointer<UInt64>, from start: Int, to end: Int, rowStart: Int,
                                  used: UnsafeMutableBufferPointer<Bool>) -> UInt64? {
        var best: UInt64 = 0
        for position in start..<end {
            let candidate = list[position]
            if candidate > best && !used[Int(candidate & 0xFFFF_FFFF) &- rowStart] { best = candidate }
        }
        return best == 0 ? nil : best
    }
}
