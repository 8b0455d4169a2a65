import Foundation

/// Local Similarity Sort with Relaxation (MCC §5.2): the best-looking minutia pairs reinforce
/// each other when their relative geometry agrees; pairs that agree with few others fade.
enum Relaxation {
    struct Pair {
        var a: Int
        var b: Int
        var initial: Double
        var value: Double
    }

    /// The LSS-R score and the relaxed pairs, most efficient first.
    struct Outcome {
        var score: Double
        var pairs: [Pair]
        /// How many of ``pairs`` the score averages (n_P).
        var scoredPairs: Int
    }

    static func consolidate(_ matrix: [Float], _ a: CylinderSet, _ b: CylinderSet, parameters p: MatchingParameters) -> Outcome {
        let columns = b.minutiae.count
        let smaller = min(a.minutiae.count, b.minutiae.count)
        let scoredPairs = pairCount(smaller, parameters: p)
        var pairs = bestDistinctPairs(matrix, rows: a.minutiae.count, columns: columns, limit: smaller)
        guard !pairs.isEmpty else { return Outcome(score: 0, pairs: [], scoredPairs: scoredPairs) }
        if pairs.count > 1 {
            let compatibility = compatibilities(pairs, a.minutiae, b.minutiae, parameters: p)
            let n = pairs.count
            var next = [Double](repeating: 0, count: n)
            for _ in 0..<p.relaxationIterations {
                for t in 0..<n {
                    var support = 0.0
                    for k in 0..<n where k != t { support += compatibility[t * n + k] * pairs[k].value }
                    next[t] = p.relaxationWeight * pairs[t].value + (1 - p.relaxationWeight) * support / Double(n - 1)
                }
                for t in 0..<n { pairs[t].value = next[t] }
            }
        }
        pairs.sort { $0.value / $0.initial > $1.value / $1.initial }
        let score = pairs.prefix(scoredPairs).reduce(0) { $0 + $1.value } / Double(scoredPairs)
        return Outcome(score: score, pairs: pairs, scoredPairs: scoredPairs)
    }

    /// n_P: more pairs count towards the score when both templates have many minutiae.
    static func pairCount(_ smaller: Int, parameters p: MatchingParameters) -> Int {
        let z = 1 / (1 + exp(-p.pairsSlope * (Double(smaller) - p.pairsMidpoint)))
        return p.minimumPairs + Int((z * Double(p.maximumPairs - p.minimumPairs)).rounded())
    }

    /// The most similar pairs, best first, each minutia used at most once.
    static func bestDistinctPairs(_ matrix: [Float], rows: Int, columns: Int, limit: Int) -> [Pair] {
        var order = (0..<(rows * columns)).filter { matrix[$0] > 0 }
        order.sort { matrix[$0] > matrix[$1] }
        var usedA = [Bool](repeating: false, count: rows), usedB = [Bool](repeating: false, count: columns)
        var pairs: [Pair] = []
        for index in order {
            let i = index / columns, j = index % columns
            guard !usedA[i], !usedB[j] else { continue }
            usedA[i] = true
            usedB[j] = true
            let value = Double(matrix[index])
            pairs.append(Pair(a: i, b: j, initial: value, value: value))
            if pairs.count == limit { break }
        }
        return pairs
    }

    /// ρ(t, k) for every two pairs: how well their relative distance, direction and radial
    /// angle agree between the two templates.
    static func compatibilities(_ pairs: [Pair], _ a: [MatchMinutia], _ b: [MatchMinutia],
                                parameters p: MatchingParameters) -> [Double] {
        let n = pairs.count
        var result = [Double](repeating: 0, count: n * n)
        for t in 0..<n {
            for k in (t + 1)..<n {
                let a1 = a[pairs[t].a], a2 = a[pairs[k].a], b1 = b[pairs[t].b], b2 = b[pairs[k].b]
                let d1 = abs(hypot(a1.x - a2.x, a1.y - a2.y) - hypot(b1.x - b2.x, b1.y - b2.y))
                let d2 = abs(CylinderLayout.wrapped(CylinderLayout.wrapped(a1.angle - a2.angle)
                                                    - CylinderLayout.wrapped(b1.angle - b2.angle)))
                let d3 = abs(CylinderLayout.wrapped(radialAngle(a1, a2) - radialAngle(b1, b2)))
                let rho = sigmoid(d1, p.distanceTolerance, p.distanceSlope)
                    * sigmoid(d2, p.angleTolerance, p.angleSlope) * sigmoid(d3, p.angleTolerance, p.angleSlope)
                result[t * n + k] = rho
                result[k * n + t] = rho
            }
        }
        return result
    }

    /// Direction of `m2` as seen from `m1`, relative to `m1`'s own direction.
    static func radialAngle(_ m1: MatchMinutia, _ m2: MatchMinutia) -> Double {
        CylinderLayout.wrapped(m1.angle - atan2(m2.y - m1.y, m2.x - m1.x))
    }

    static func sigmoid(_ value: Double, _ centre: Double, _ slope: Double) -> Double {
        1 / (1 + exp(-slope * (value - centre)))
    }
}
