import Foundation

/// Counts the minutiae that pair up one-to-one once the two templates are aligned, relative to
/// the minutiae each template has inside the other's foreground.
struct GlobalPairing: Sendable {
    /// A rotation and translation of the probe onto the candidate.
    struct Alignment {
        var rotation: Float
        var cosine: Float
        var sine: Float
        var dx: Float
        var dy: Float

        init(rotation: Float, from a: (x: Float, y: Float), to b: (x: Float, y: Float)) {
            self.rotation = rotation
            cosine = Foundation.cos(rotation)
            sine = Foundation.sin(rotation)
            dx = b.x - (cosine * a.x - sine * a.y)
            dy = b.y - (sine * a.x + cosine * a.y)
        }

        /// The inverse mapping, applied to a point.
        func invert(x: Float, y: Float) -> (x: Float, y: Float) {
            let u = x - dx, v = y - dy
            return (cosine * u + sine * v, -sine * u + cosine * v)
        }
    }

    struct Outcome {
        var score: Double
        var paired: Int
    }

    let parameters: MatchingParameters

    /// The best pairing over the alignments suggested by the relaxed pairs: their least-squares
    /// fit, and each of the best few pairs on its own.
    func best(_ local: Relaxation.Outcome, probe: PreparedTemplate, candidate: PreparedTemplate,
              scratch: inout PairingScratch) -> Outcome {
        let a = probe.points, b = candidate.points
        var best = Outcome(score: 0, paired: 0)
        func consider(_ alignment: Alignment) {
            let outcome = evaluate(alignment, probe: probe, candidate: candidate, scratch: &scratch)
            if outcome.score > best.score { best = outcome }
        }
        if let fitted = Self.leastSquares(local.pairs.prefix(local.scoredPairs), a, b) { consider(fitted) }
        for pair in local.pairs.prefix(parameters.alignmentSeeds) {
            consider(Alignment(rotation: FastAngle.wrapped(b.angle[pair.b] - a.angle[pair.a]),
                               from: (a.x[pair.a], a.y[pair.a]), to: (b.x[pair.b], b.y[pair.b])))
        }
        return best
    }

    /// The rotation and translation that best map the paired probe minutiae onto their mates.
    static func leastSquares(_ pairs: ArraySlice<Relaxation.Pair>, _ a: MinutiaPoints, _ b: MinutiaPoints) -> Alignment? {
        guard pairs.count >= 2 else { return nil }
        let n = Float(pairs.count)
        var ax: Float = 0, ay: Float = 0, bx: Float = 0, by: Float = 0
        for pair in pairs {
            ax += a.x[pair.a]; ay += a.y[pair.a]; bx += b.x[pair.b]; by += b.y[pair.b]
        }
        ax /= n; ay /= n; bx /= n; by /= n
        var dot: Float = 0, cross: Float = 0
        for pair in pairs {
            let u = a.x[pair.a] - ax, v = a.y[pair.a] - ay, s = b.x[pair.b] - bx, t = b.y[pair.b] - by
            dot += u * s + v * t
            cross += u * t - v * s
        }
        return Alignment(rotation: Foundation.atan2(cross, dot), from: (ax, ay), to: (bx, by))
    }

    /// Greedy one-to-one pairing (closest first) within the distance and angle tolerances.
    func evaluate(_ alignment: Alignment, probe: PreparedTemplate, candidate: PreparedTemplate,
                  scratch: inout PairingScratch) -> Outcome {
        let a = probe.points, b = candidate.points
        let reach = Float(parameters.pairingDistance), reachSquared = reach * reach
        let maximumTurn = Float(parameters.pairingAngle)
        scratch.options.removeAll(keepingCapacity: true)
        let candidateForeground = candidate.foreground, probeForeground = probe.foreground
        var inCandidate = 0
        for i in 0..<a.count {
            let x = alignment.cosine * a.x[i] - alignment.sine * a.y[i] + alignment.dx
            let y = alignment.sine * a.x[i] + alignment.cosine * a.y[i] + alignment.dy
            if candidateForeground?.contains(x: Double(x), y: Double(y)) ?? true { inCandidate += 1 }
            let angle = a.angle[i] + alignment.rotation
            var position = b.firstIndex(atLeast: x - reach)
            while position < b.count && b.sortedX[position] <= x + reach {
                let j = Int(b.byX[position])
                position += 1
                let dx = x - b.x[j], dy = y - b.y[j], squared = dx * dx + dy * dy
                guard squared <= reachSquared else { continue }
                let turn = abs(FastAngle.wrapped(angle - b.angle[j]))
                guard turn <= maximumTurn else { continue }
                let cost = squared.squareRoot() / reach + turn / maximumTurn
                scratch.options.append(UInt64(cost.bitPattern) << 32 | UInt64(i) << 16 | UInt64(j))
            }
        }
        scratch.options.sort()
        let paired = scratch.pairOnce(rows: a.count, columns: b.count)
        var inProbe = 0
        for j in 0..<b.count {
            let back = alignment.invert(x: b.x[j], y: b.y[j])
            if probeForeground?.contains(x: Double(back.x), y: Double(back.y)) ?? true { inProbe += 1 }
        }
        let overlapA = Double(max(inCandidate, parameters.minimumOverlapCount, paired))
        let overlapB = Double(max(inProbe, parameters.minimumOverlapCount, paired))
        return Outcome(score: Double(paired * paired) / (overlapA * overlapB), paired: paired)
    }
}

/// Buffers the global pairing reuses from one alignment and comparison to the next.
struct PairingScratch: Sendable {
    /// Possible pairs, packed as `cost bits << 32 | i << 16 | j`.
    var options: [UInt64] = []
    var pairedA: [Bool] = []
    var pairedB: [Bool] = []

    /// Pairs the sorted ``options`` greedily, cheapest first, each minutia at most once.
    mutating func pairOnce(rows: Int, columns: Int) -> Int {
        pairedA.removeAll(keepingCapacity: true)
        pairedA.append(contentsOf: repeatElement(false, count: rows))
        pairedB.removeAll(keepingCapacity: true)
        pairedB.append(contentsOf: repeatElement(false, count: columns))
        var paired = 0
        for option in options {
            let i = Int(option >> 16 & 0xFFFF), j = Int(option & 0xFFFF)
            if !pairedA[i] && !pairedB[j] {
                pairedA[i] = true
                pairedB[j] = true
                paired += 1
            }
        }
        return paired
    }
}
