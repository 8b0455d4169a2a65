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
        // A lone pair is relaxed too (with no support it fades like any unsupported pair), or
        // its raw similarity would outscore every relaxed pair of a true match.
        fillCompatibilities(pairs, a, b, into: &scratch.compatibility, columns: &scratch.pairColumns)
        var current = pairs.map(\.value)
        Self.relax(&current, compatibility: scratch.compatibility, keep: Float(parameters.relaxationWeight),
                   iterations: parameters.relaxationIterations, supportPairs: max(n - 1, parameters.minimumSupportPairs))
        for t in 0..<n { pairs[t].value = current[t] }
        pairs.sort { $0.value * $1.initial > $1.value * $0.initial }
        let score = pairs.prefix(scoredPairs).reduce(0.0) { $0 + Double($1.value) } / Double(scoredPairs)
        return Outcome(score: score, pairs: pairs, scoredPairs: scoredPairs)
    }

    /// MCC eq. 23: each step keeps `keep` of a pair's value and adds the rest of its weight as
    /// the compatibility-weighted support of the other pairs.
    static func relax(_ values: inout [Float], compatibility: [Float], keep: Float, iterations: Int, supportPairs: Int) {
        let n = values.count, share = (1 - keep) / Float(supportPairs)
        var next = values
        compatibility.withUnsafeBufferPointer { rho in
            for _ in 0..<iterations {
                values.withUnsafeBufferPointer { current in
                    next.withUnsafeMutableBufferPointer { next in
                        var t = 0
                        // Four rows at a time: four independent sums hide the adder's latency.
                        while t &+ 4 <= n {
                            let sums = supportOfFourRows(from: t, rho, current)
                            for r in 0..<4 { next[t &+ r] = keep * current[t &+ r] + share * sums[r] }
                            t &+= 4
                        }
                        while t < n {
                            next[t] = keep * current[t] + share * supportOfRow(t, rho, current)
                            t &+= 1
                        }
                    }
                }
                swap(&values, &next)
            }
        }
    }

    /// `Σₖ ρ(t, k) · current[k]` for rows `t..<t+4`, eight terms at a time in vector registers.
    @inline(__always)
    private static func supportOfFourRows(from t: Int, _ rho: UnsafeBufferPointer<Float>,
                                          _ current: UnsafeBufferPointer<Float>) -> SIMD4<Float> {
        let n = current.count, vectorEnd = n - n % 8
        let base = UnsafeRawPointer(current.baseAddress!)
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
        return sums
    }

    /// `Σₖ ρ(t, k) · current[k]` for one row, summed in the same order as ``supportOfFourRows``.
    @inline(__always)
    private static func supportOfRow(_ t: Int, _ rho: UnsafeBufferPointer<Float>,
                                     _ current: UnsafeBufferPointer<Float>) -> Float {
        let n = current.count, vectorEnd = n - n % 8
        let base = UnsafeRawPointer(current.baseAddress!), row = UnsafeRawPointer(rho.baseAddress! + t &* n)
        var partial = SIMD8<Float>()
        for k in stride(from: 0, to: vectorEnd, by: 8) {
            partial += row.loadUnaligned(fromByteOffset: k &* 4, as: SIMD8<Float>.self)
                * base.loadUnaligned(fromByteOffset: k &* 4, as: SIMD8<Float>.self)
        }
        var support = partial.sum()
        for k in vectorEnd..<n { support += rho[t &* n &+ k] * current[k] }
        return support
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
        // The pairs' coordinates side by side, so the inner loop reads consecutive values,
        // then how far each pair turns the probe onto the candidate.
        columns.removeAll(keepingCapacity: true)
        for pair in pairs {
            columns.append(a.x[pair.a])
            columns.append(a.y[pair.a])
            columns.append(b.x[pair.b])
            columns.append(b.y[pair.b])
        }
        for pair in pairs { columns.append(FastAngle.wrapped(b.angle[pair.b] - a.angle[pair.a])) }
        distanceAgreement.values.withUnsafeBufferPointer { distanceTable in
            angleAgreement.values.withUnsafeBufferPointer { angleTable in
                columns.withUnsafeBufferPointer { points in
                    rho.withUnsafeMutableBufferPointer { rho in
                        for t in 0..<n {
                            rho[t &* n &+ t] = 0
                            for k in (t &+ 1)..<n {
                                let value = agreement(points, t, k, count: n, distanceTable, angleTable)
                                rho[t &* n &+ k] = value
                                rho[k &* n &+ t] = value
                            }
                        }
                    }
                }
            }
        }
    }

    /// ρ(t, k) from the gathered columns of ``fillCompatibilities``.
    @inline(__always)
    private func agreement(_ points: UnsafeBufferPointer<Float>, _ t: Int, _ k: Int, count n: Int,
                           _ distanceTable: UnsafeBufferPointer<Float>, _ angleTable: UnsafeBufferPointer<Float>) -> Float {
        let ax = points[4 &* k] - points[4 &* t], ay = points[4 &* k &+ 1] - points[4 &* t &+ 1]
        let bx = points[4 &* k &+ 2] - points[4 &* t &+ 2], by = points[4 &* k &+ 3] - points[4 &* t &+ 3]
        let distance = abs((ax * ax + ay * ay).squareRoot() - (bx * bx + by * by).squareRoot())
        let distanceValue = distanceTable[min(Int(distance * distanceAgreement.stepsPerUnit + 0.5), distanceTable.count &- 1)]
        // Lengths too far apart: the product is 0 whatever the angles.
        guard distanceValue != 0 else { return 0 }
        let turn = points[4 &* n &+ t], lastAngle = angleTable.count &- 1, steps = angleAgreement.stepsPerUnit
        let direction = abs(FastAngle.wrapped(points[4 &* n &+ k] - turn))
        // The link a1→a2 must turn by the same amount as the minutia a1 does.
        let linkTurn = FastAngle.atan2(ax * by - ay * bx, ax * bx + ay * by)
        let radial = abs(FastAngle.wrapped(linkTurn - turn))
        return distanceValue * angleTable[min(Int(direction * steps + 0.5), lastAngle)]
            * angleTable[min(Int(radial * steps + 0.5), lastAngle)]
    }
}
