import Foundation

/// Local Similarity Sort with Relaxation (MCC §5.2): the best-looking minutia pairs reinforce
/// each other when their relative geometry agrees; pairs that agree with few others fade.
struct Relaxation: Sendable {
    struct Pair {
        var a: Int
        var b: Int
        var initial: Float
        var value: Float
    }

    /// The LSS-R score and the relaxed pairs, most efficient first.
    struct Outcome {
        var score: Double
        var pairs: [Pair]
        /// How many of ``pairs`` the score averages (n_P).
        var scoredPairs: Int
    }

    let parameters: MatchingParameters
    let distanceAgreement: SigmoidTable
    let angleAgreement: SigmoidTable

    init(parameters: MatchingParameters) {
        self.parameters = parameters
        distanceAgreement = SigmoidTable(centre: parameters.distanceTolerance, slope: parameters.distanceSlope, maximum: 64)
        angleAgreement = SigmoidTable(centre: parameters.angleTolerance, slope: parameters.angleSlope, maximum: .pi)
    }

    /// Relaxes the best distinct pairs among `scratch.candidates` (from ``LocalSimilarity``).
    func consolidate(_ a: MinutiaPoints, _ b: MinutiaPoints, scratch: inout RelaxationScratch) -> Outcome {
        let smaller = min(a.count, b.count)
        let scoredPairs = Self.pairCount(smaller, parameters: parameters)
        var pairs = scratch.bestDistinctPairs(rows: a.count, columns: b.count,
                                              limit: min(smaller, parameters.maximumRelaxedPairs))
        guard !pairs.isEmpty else { return Outcome(score: 0, pairs: [], scoredPairs: scoredPairs) }
        let n = pairs.count
        if n > 1 {
            fillCompatibilities(pairs, a, b, into: &scratch.compatibility, columns: &scratch.pairColumns)
            var current = pairs.map(\.value)
            Self.relax(&current, compatibility: scratch.compatibility,
                       keep: Float(parameters.relaxationWeight), iterations: parameters.relaxationIterations)
            for t in 0..<n { pairs[t].value = current[t] }
        }
        pairs.sort { $0.value * $1.initial > $1.value * $0.initial }
        let score = pairs.prefix(scoredPairs).reduce(0.0) { $0 + Double($1.value) } / Double(scoredPairs)
        return Outcome(score: score, pairs: pairs, scoredPairs: scoredPairs)
    }

    /// MCC eq. 23: each step keeps `keep` of a pair's value and adds the rest of its weight as
    /// the compatibility-weighted support of the other pairs. The support sums eight terms at
    /// a time in a vector register.
    static func relax(_ values: inout [Float], compatibility: [Float], keep: Float, iterations: Int) {
        let n = values.count, share = (1 - keep) / Float(n - 1)
        let vectorEnd = n - n % 8
        var next = values
        compatibility.withUnsafeBufferPointer { rho in
            for _ in 0..<iterations {
                values.withUnsafeBufferPointer { current in
                    next.withUnsafeMutableBufferPointer { next in
                        let base = UnsafeRawPointer(current.baseAddress!)
                        var t = 0
                        // Four rows at a time: four independent sums hide the adder's latency.
                        while t &+ 4 <= n {
                            let rows = UnsafeRawPointer(rho.baseAddress! + t &* n), rowBytes = n &* 4
                            var p0 = SIMD8<Float>(), p1 = SIMD8<Float>(), p2 = SIMD8<Float>(), p3 = SIMD8<Float>()
                            for k in stride(from: 0, to: vectorEnd, by: 8) {
                                let offset = k &* 4
                                let c = base.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                                p0 += rows.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self) * c
                                p1 += rows.loadUnaligned(fromByteOffset: offset &+ rowBytes, as: SIMD8<Float>.self) * c
                                p2 += rows.loadUnaligned(fromByteOffset: offset &+ 2 &* rowBytes, as: SIMD8<Float>.self) * c
                                p3 += rows.loadUnaligned(fromByteOffset: offset &+ 3 &* rowBytes, as: SIMD8<Float>.self) * c
                            }
                            var sums = SIMD4<Float>(p0.sum(), p1.sum(), p2.sum(), p3.sum())
                            for k in vectorEnd..<n {
                                sums += SIMD4(rho[t &* n &+ k], rho[(t &+ 1) &* n &+ k],
                                              rho[(t &+ 2) &* n &+ k], rho[(t &+ 3) &* n &+ k]) * current[k]
                            }
                            for r in 0..<4 { next[t &+ r] = keep * current[t &+ r] + share * sums[r] }
                            t &+= 4
                        }
                        while t < n {
                            let row = UnsafeRawPointer(rho.baseAddress! + t &* n)
                            var partial = SIMD8<Float>()
                            for k in stride(from: 0, to: vectorEnd, by: 8) {
                                partial += row.loadUnaligned(fromByteOffset: k &* 4, as: SIMD8<Float>.self)
                                    * base.loadUnaligned(fromByteOffset: k &* 4, as: SIMD8<Float>.self)
                            }
                            var support = partial.sum()
                            for k in vectorEnd..<n { support += rho[t &* n &+ k] * current[k] }
                            next[t] = keep * current[t] + share * support
                            t &+= 1
                        }
                    }
                }
                swap(&values, &next)
            }
        }
    }

    /// n_P: more pairs count towards the score when both templates have many minutiae.
    static func pairCount(_ smaller: Int, parameters p: MatchingParameters) -> Int {
        let z = 1 / (1 + exp(-p.pairsSlope * (Double(smaller) - p.pairsMidpoint)))
        return p.minimumPairs + Int((z * Double(p.maximumPairs - p.minimumPairs)).rounded())
    }

    /// ρ(t, k) for every two pairs (0 on the diagonal): how well their relative distance,
    /// direction and radial angle agree between the two templates.
    private func fillCompatibilities(_ pairs: [Pair], _ a: MinutiaPoints, _ b: MinutiaPoints,
                                     into rho: inout [Float], columns: inout [Float]) {
        let n = pairs.count
        if rho.count < n * n { rho = [Float](repeating: 0, count: n * n) }
        // The pairs' coordinates side by side, so the inner loop reads consecutive values.
        columns.removeAll(keepingCapacity: true)
        for pair in pairs {
            columns.append(a.x[pair.a])
            columns.append(a.y[pair.a])
            columns.append(b.x[pair.b])
            columns.append(b.y[pair.b])
        }
        for pair in pairs { columns.append(FastAngle.wrapped(b.angle[pair.b] - a.angle[pair.a])) }
        let distanceSteps = distanceAgreement.stepsPerUnit, angleSteps = angleAgreement.stepsPerUnit
        distanceAgreement.values.withUnsafeBufferPointer { distanceTable in
            angleAgreement.values.withUnsafeBufferPointer { angleTable in
                columns.withUnsafeBufferPointer { points in
                    rho.withUnsafeMutableBufferPointer { rho in
                        let turns = points.baseAddress! + 4 &* n
                        let lastDistance = distanceTable.count &- 1, lastAngle = angleTable.count &- 1
                        for t in 0..<n {
                            rho[t &* n &+ t] = 0
                            let ax1 = points[4 &* t], ay1 = points[4 &* t &+ 1]
                            let bx1 = points[4 &* t &+ 2], by1 = points[4 &* t &+ 3]
                            // How far pair t turns the probe onto the candidate.
                            let turn = turns[t]
                            for k in (t &+ 1)..<n {
                                let ax = points[4 &* k] - ax1, ay = points[4 &* k &+ 1] - ay1
                                let bx = points[4 &* k &+ 2] - bx1, by = points[4 &* k &+ 3] - by1
                                let distance = abs((ax * ax + ay * ay).squareRoot() - (bx * bx + by * by).squareRoot())
                                let distanceValue = distanceTable[min(Int(distance * distanceSteps + 0.5), lastDistance)]
                                // Lengths too far apart: the product is 0 whatever the angles.
                                guard distanceValue != 0 else {
                                    rho[t &* n &+ k] = 0
                                    rho[k &* n &+ t] = 0
                                    continue
                                }
                                let direction = abs(FastAngle.wrapped(turns[k] - turn))
                                // The link a1→a2 must turn by the same amount as the minutia a1 does.
                                let linkTurn = FastAngle.atan2(ax * by - ay * bx, ax * bx + ay * by)
                                let radial = abs(FastAngle.wrapped(linkTurn - turn))
                                let value = distanceValue
                                    * angleTable[min(Int(direction * angleSteps + 0.5), lastAngle)]
                                    * angleTable[min(Int(radial * angleSteps + 0.5), lastAngle)]
                                rho[t &* n &+ k] = value
                                rho[k &* n &+ t] = value
                            }
                        }
                    }
                }
            }
        }
    }
}

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
                                                      columns: columns, used: used) {
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
                                                                columns: columns, used: used) {
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

    /// The largest candidate of one row whose column is free.
    @inline(__always)
    private static func bestOffer(_ list: UnsafeBufferPointer<UInt64>, from start: Int, to end: Int, columns: Int,
                                  used: UnsafeMutableBufferPointer<Bool>) -> UInt64? {
        var best: UInt64 = 0
        for position in start..<end {
            let candidate = list[position]
            if candidate > best && !used[Int(candidate & 0xFFFF_FFFF) % columns] { best = candidate }
        }
        return best == 0 ? nil : best
    }
}

/// Binary max-heap operations on a buffer, so the largest elements come out in order without
/// sorting the rest.
enum MaximumHeap {
    static func heapify(_ heap: UnsafeMutableBufferPointer<UInt64>) {
        var parent = heap.count / 2 - 1
        while parent >= 0 {
            siftDown(heap, parent, count: heap.count)
            parent -= 1
        }
    }

    /// Puts `element` back into a heap of `count` elements whose storage has room for it.
    static func push(_ heap: UnsafeMutableBufferPointer<UInt64>, _ element: UInt64, count: inout Int) {
        var child = count
        heap[child] = element
        count += 1
        while child > 0 {
            let parent = (child &- 1) / 2
            guard heap[parent] < heap[child] else { return }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    /// Removes and returns the largest of the first `count` elements, which must form a heap.
    static func popFirst(_ heap: UnsafeMutableBufferPointer<UInt64>, count: inout Int) -> UInt64? {
        guard count > 0 else { return nil }
        let first = heap[0]
        count -= 1
        heap[0] = heap[count]
        siftDown(heap, 0, count: count)
        return first
    }

    private static func siftDown(_ heap: UnsafeMutableBufferPointer<UInt64>, _ start: Int, count: Int) {
        var parent = start
        while true {
            let left = 2 &* parent &+ 1
            guard left < count else { return }
            var largest = left
            if left &+ 1 < count && heap[left &+ 1] > heap[left] { largest = left &+ 1 }
            guard heap[largest] > heap[parent] else { return }
            heap.swapAt(largest, parent)
            parent = largest
        }
    }
}
