import Foundation

/// Counts the minutiae that pair up one-to-one once the two templates are aligned, relative to
/// the minutiae each template has inside the other's foreground.
enum GlobalPairing {
    struct Alignment {
        var rotation: Double
        var cosine: Double
        var sine: Double
        var dx: Double
        var dy: Double

        init(rotation: Double, from a: (x: Double, y: Double), to b: (x: Double, y: Double)) {
            self.rotation = rotation
            cosine = cos(rotation)
            sine = sin(rotation)
            dx = b.x - (cosine * a.x - sine * a.y)
            dy = b.y - (sine * a.x + cosine * a.y)
        }

        func apply(_ m: MatchMinutia) -> MatchMinutia {
            MatchMinutia(x: cosine * m.x - sine * m.y + dx, y: sine * m.x + cosine * m.y + dy,
                         angle: CylinderLayout.wrapped(m.angle + rotation), kind: m.kind)
        }

        /// The inverse mapping, applied to a point.
        func invert(x: Double, y: Double) -> (x: Double, y: Double) {
            let u = x - dx, v = y - dy
            return (cosine * u + sine * v, -sine * u + cosine * v)
        }
    }

    struct Outcome {
        var score: Double
        var paired: Int
    }

    static func best(_ local: Relaxation.Outcome, probe: PreparedTemplate, candidate: PreparedTemplate,
                     parameters p: MatchingParameters) -> Outcome {
        let a = probe.cylinders.minutiae, b = candidate.cylinders.minutiae
        var alignments: [Alignment] = []
        if let fitted = leastSquares(Array(local.pairs.prefix(local.scoredPairs)), a, b) { alignments.append(fitted) }
        for pair in local.pairs.prefix(p.alignmentSeeds) {
            let ma = a[pair.a], mb = b[pair.b]
            alignments.append(Alignment(rotation: CylinderLayout.wrapped(mb.angle - ma.angle), from: (ma.x, ma.y), to: (mb.x, mb.y)))
        }
        var best = Outcome(score: 0, paired: 0)
        for alignment in alignments {
            let outcome = evaluate(alignment, probe: probe, candidate: candidate, parameters: p)
            if outcome.score > best.score { best = outcome }
        }
        return best
    }

    /// The rotation and translation that best map the paired probe minutiae onto their mates.
    static func leastSquares(_ pairs: [Relaxation.Pair], _ a: [MatchMinutia], _ b: [MatchMinutia]) -> Alignment? {
        guard pairs.count >= 2 else { return nil }
        let n = Double(pairs.count)
        let ax = pairs.reduce(0) { $0 + a[$1.a].x } / n, ay = pairs.reduce(0) { $0 + a[$1.a].y } / n
        let bx = pairs.reduce(0) { $0 + b[$1.b].x } / n, by = pairs.reduce(0) { $0 + b[$1.b].y } / n
        var dot = 0.0, cross = 0.0
        for pair in pairs {
            let u = a[pair.a].x - ax, v = a[pair.a].y - ay, s = b[pair.b].x - bx, t = b[pair.b].y - by
            dot += u * s + v * t
            cross += u * t - v * s
        }
        return Alignment(rotation: atan2(cross, dot), from: (ax, ay), to: (bx, by))
    }

    static func evaluate(_ alignment: Alignment, probe: PreparedTemplate, candidate: PreparedTemplate,
                         parameters p: MatchingParameters) -> Outcome {
        let moved = probe.cylinders.minutiae.map(alignment.apply)
        let b = candidate.cylinders.minutiae
        var options: [(cost: Double, i: Int, j: Int)] = []
        for i in moved.indices {
            for j in b.indices {
                let distance = hypot(moved[i].x - b[j].x, moved[i].y - b[j].y)
                guard distance <= p.pairingDistance else { continue }
                let turn = abs(CylinderLayout.wrapped(moved[i].angle - b[j].angle))
                guard turn <= p.pairingAngle else { continue }
                options.append((distance / p.pairingDistance + turn / p.pairingAngle, i, j))
            }
        }
        options.sort { $0.cost < $1.cost }
        var usedA = Set<Int>(), usedB = Set<Int>()
        for option in options where !usedA.contains(option.i) && !usedB.contains(option.j) {
            usedA.insert(option.i)
            usedB.insert(option.j)
        }
        return Outcome(score: normalized(usedA.count, alignment, probe: probe, candidate: candidate, parameters: p),
                       paired: usedA.count)
    }

    /// `paired²` over the product of the minutiae counts each template has in the common area.
    static func normalized(_ paired: Int, _ alignment: Alignment, probe: PreparedTemplate, candidate: PreparedTemplate,
                           parameters p: MatchingParameters) -> Double {
        let inCandidate = probe.cylinders.minutiae.filter { m in
            let moved = alignment.apply(m)
            return candidate.foreground?.isInside(x: moved.x, y: moved.y, inset: 0) ?? true
        }.count
        let inProbe = candidate.cylinders.minutiae.filter { m in
            let back = alignment.invert(x: m.x, y: m.y)
            return probe.foreground?.isInside(x: back.x, y: back.y, inset: 0) ?? true
        }.count
        let overlapA = Double(max(inCandidate, p.minimumOverlapCount, paired))
        let overlapB = Double(max(inProbe, p.minimumOverlapCount, paired))
        return Double(paired * paired) / (overlapA * overlapB)
    }

}
