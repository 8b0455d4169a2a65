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
            fillCompatibilities(pairs, a, b, into: &scratch.compatibility)
            var current = pairs.map(\.value), next = current
            let keep = Float(parameters.relaxationWeight), share = (1 - keep) / Float(n - 1)
            scratch.compatibility.withUnsafeBufferPointer { rho in
                for _ in 0..<parameters.relaxationIterations {
                    for t in 0..<n {
                        var support: Float = 0
                        let row = t &* n
                        for k in 0..<n { support += rho[row &+ k] * current[k] }
                        next[t] = keep * current[t] + share * support
                    }
                    swap(&current, &next)
                }
            }
            for t in 0..<n { pairs[t].value = current[t] }
        }
        pairs.sort { $0.value * $1.initial > $1.value * $0.initial }
        let score = pairs.prefix(scoredPairs).reduce(0.0) { $0 + Double($1.value) } / Double(scoredPairs)
        return Outcome(score: score, pairs: pairs, scoredPairs: scoredPairs)
    }

    /// n_P: more pairs count towards the score when both templates have many minutiae.
    static func pairCount(_ smaller: Int, parameters p: MatchingParameters) -> Int {
        let z = 1 / (1 + exp(-p.pairsSlope * (Double(smaller) - p.pairsMidpoint)))
        return p.minimumPairs + Int((z * Double(p.maximumPairs - p.minimumPairs)).rounded())
    }

    /// ρ(t, k) for every two pairs (0 on the diagonal): how well their relative distance,
    /// direction and radial angle agree between the two templates.
    private func fillCompatibilities(_ pairs: [Pair], _ a: MinutiaPoints, _ b: MinutiaPoints, into rho: inout [Float]) {
        let n = pairs.count
        if rho.count < n * n { rho = [Float](repeating: 0, count: n * n) }
        for t in 0..<n {
            rho[t * n + t] = 0
            let a1 = pairs[t].a, b1 = pairs[t].b
            // How far pair t turns the probe onto the candidate.
            let turn = FastAngle.wrapped(b.angle[b1] - a.angle[a1])
            for k in (t + 1)..<n {
                let a2 = pairs[k].a, b2 = pairs[k].b
                let ax = a.x[a2] - a.x[a1], ay = a.y[a2] - a.y[a1], bx = b.x[b2] - b.x[b1], by = b.y[b2] - b.y[b1]
                let distance = abs((ax * ax + ay * ay).squareRoot() - (bx * bx + by * by).squareRoot())
                let direction = abs(FastAngle.wrapped(FastAngle.wrapped(b.angle[b2] - a.angle[a2]) - turn))
                // The link a1→a2 must turn by the same amount as the minutia a1 does.
                let linkTurn = FastAngle.atan2(ax * by - ay * bx, ax * bx + ay * by)
                let radial = abs(FastAngle.wrapped(linkTurn - turn))
                let value = distanceAgreement(distance) * angleAgreement(direction) * angleAgreement(radial)
                rho[t * n + k] = value
                rho[k * n + t] = value
            }
        }
    }
}

/// Buffers the relaxation reuses from one comparison to the next.
struct RelaxationScratch: Sendable {
    var candidates: [UInt64] = []
    var compatibility: [Float] = []
    var usedA: [Bool] = []
    var usedB: [Bool] = []

    /// The most similar pairs of ``candidates``, best first, each minutia used at most once.
    mutating func bestDistinctPairs(rows: Int, columns: Int, limit: Int) -> [Relaxation.Pair] {
        usedA.removeAll(keepingCapacity: true)
        usedA.append(contentsOf: repeatElement(false, count: rows))
        usedB.removeAll(keepingCapacity: true)
        usedB.append(contentsOf: repeatElement(false, count: columns))
        var pairs: [Relaxation.Pair] = []
        pairs.reserveCapacity(limit)
        var usedA: [Bool] = [], usedB: [Bool] = [], list: [UInt64] = []
        swap(&usedA, &self.usedA)
        swap(&usedB, &self.usedB)
        swap(&list, &candidates)
        // Only the best few hundred of up to thousands of candidates are ever looked at: a heap
        // hands them out in order without sorting the rest.
        list.withUnsafeMutableBufferPointer { heap in
            MaximumHeap.heapify(heap)
            var remaining = heap.count
            while pairs.count < limit, let candidate = MaximumHeap.popFirst(heap, count: &remaining) {
                let index = Int(candidate & 0xFFFF_FFFF), i = index / columns, j = index % columns
                guard !usedA[i], !usedB[j] else { continue }
                usedA[i] = true
                usedB[j] = true
                let value = Float(bitPattern: UInt32(candidate >> 32))
                pairs.append(Relaxation.Pair(a: i, b: j, initial: value, value: value))
            }
        }
        swap(&list, &candidates)
        swap(&usedA, &self.usedA)
        swap(&usedB, &self.usedB)
        return pairs
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
