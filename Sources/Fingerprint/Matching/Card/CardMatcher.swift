import Foundation

/// Matches two compact card templates with only what a card holds: at most 60 minutiae, each
/// a position in 0.1 mm, an angle in 5.625° steps and a type. Memory is bounded as a card's
/// would be: every working array has a fixed size set by the 60-minutia limit (at most
/// 60 × 8 neighbour entries), whatever the input; the virtual card runs it.
///
/// Method: each minutia's nearest neighbours give a local description that does not change with
/// finger position; the pairs whose descriptions agree best seed alignments (rotation and
/// translation); under each alignment minutiae pair one-to-one inside a tolerance box; the best
/// alignment's pair count `m` gives the score `100 · m² / (min(n_r, n_p) · mean(n_r, n_p))`
/// for `n_r` reference and `n_p` probe minutiae.
public struct CardMatcher: Sendable {
    /// Minutiae read from each template; later ones are ignored (the compact format's card limit).
    public static let capacity = 60
    public let parameters: CardMatchingParameters

    public init(parameters: CardMatchingParameters = CardMatchingParameters()) {
        self.parameters = parameters
    }

    /// Similarity, 0…100, of a probe to an enrolled reference; see ``CardThreshold`` for thresholds.
    public func score(reference: CompactCardTemplate, probe: CompactCardTemplate) -> Double {
        let a = CardPoints(reference), b = CardPoints(probe)
        guard a.count > 0, b.count > 0 else { return 0 }
        let comparison = CardComparison(a: a, b: b, parameters: parameters)
        return comparison.score()
    }
}

/// One comparison's working state, all in fixed storage: both point sets and their neighbourhoods.
struct CardComparison {
    let a: CardPoints
    let b: CardPoints
    let na: CardNeighbourhoods
    let nb: CardNeighbourhoods
    let parameters: CardMatchingParameters

    init(a: CardPoints, b: CardPoints, parameters: CardMatchingParameters) {
        self.a = a
        self.b = b
        na = CardNeighbourhoods(a, neighbours: parameters.neighbours)
        nb = CardNeighbourhoods(b, neighbours: parameters.neighbours)
        self.parameters = parameters
    }

    func score() -> Double {
        var seeds = CardSeeds(capacity: parameters.seeds)
        for i in 0..<a.count {
            for j in 0..<b.count where abs(CardPoints.turn(a.angle[i], b.angle[j])) <= parameters.maximumTurn {
                let agreement = agreeingNeighbours(i, j)
                if agreement > 0 { seeds.offer(agreement: agreement, i: i, j: j) }
            }
        }
        var best = 0.0
        for seed in 0..<seeds.count {
            best = max(best, alignedScore(anchor: (seeds.i[seed], seeds.j[seed])))
        }
        return best
    }

    /// How many neighbours of `i` find a matching description among the neighbours of `j`.
    func agreeingNeighbours(_ i: Int, _ j: Int) -> Int {
        var used = [Bool](repeating: false, count: 8)
        var agreeing = 0
        let step = CardNeighbourhoods.maximumNeighbours
        for p in 0..<Int(na.counts[i]) {
            let ea = i * step + p
            for q in 0..<Int(nb.counts[j]) where !used[q] {
                let eb = j * step + q
                guard abs(na.distance[ea] - nb.distance[eb]) <= parameters.neighbourDistanceTolerance,
                      abs(CardPoints.turn(na.radial[ea], nb.radial[eb])) <= parameters.neighbourAngleTolerance,
                      abs(CardPoints.turn(na.relative[ea], nb.relative[eb])) <= parameters.neighbourAngleTolerance
                else { continue }
                used[q] = true
                agreeing += 1
                break
            }
        }
        return agreeing
    }

    /// The score once `anchor.0` of `a` is laid on `anchor.1` of `b`, then the alignment refitted
    /// (least squares) to the pairs found: `m` pairs score `100 · m² / (min(n_a, n_b) · mean(n_a, n_b))`.
    func alignedScore(anchor: (Int, Int)) -> Double {
        let rotation = Double(CardPoints.turn(b.angle[anchor.1], a.angle[anchor.0])) / 256 * 2 * .pi
        var alignment = CardAlignment(rotation: rotation, from: (Double(a.x[anchor.0]), Double(a.y[anchor.0])),
                                      to: (Double(b.x[anchor.1]), Double(b.y[anchor.1])))
        var pairing = pairs(alignment.moved(a, anchor: anchor.0))
        for _ in 0..<parameters.refinements {
            guard pairing.count >= 3, let refitted = CardAlignment(fitting: pairing, a, b) else { break }
            alignment = refitted
            let next = pairs(alignment.moved(a, anchor: anchor.0))
            guard next.count >= pairing.count else { break }
            pairing = next
        }
        let m = Double(pairing.count)
        return 100 * m * m / (Double(min(a.count, b.count)) * Double(a.count + b.count) / 2)
    }

    /// One-to-one pairs inside the tolerance box, the closest first (greedy).
    func pairs(_ moved: CardPoints.Moved) -> CardPairing {
        var candidates = [UInt32](repeating: 0, count: CardMatcher.capacity * CardMatcher.capacity)
        var found = 0
        for i in 0..<a.count {
            for j in 0..<b.count {
                guard let cost = cost(moved, i, j) else { continue }
                candidates[found] = UInt32(min(cost, 0xFFFFF)) << 12 | UInt32(i) << 6 | UInt32(j)
                found += 1
            }
        }
        candidates[0..<found].sort()
        var pairing = CardPairing()
        for candidate in candidates[0..<found] {
            let i = Int(candidate >> 6 & 63), j = Int(candidate & 63)
            if pairing.mateOfA[i] < 0 && pairing.mateOfB[j] < 0 { pairing.add(i, j) }
        }
        return pairing
    }

    func cost(_ moved: CardPoints.Moved, _ i: Int, _ j: Int) -> Int32? {
        let dx = abs(moved.x[i] - b.x[j]), dy = abs(moved.y[i] - b.y[j])
        let turn = abs(CardPoints.turn(moved.angle[i], b.angle[j]))
        let box = Int32(parameters.pairingDistance) + moved.reach[i] * Int32(parameters.pairingGrowth) / 100
        guard dx <= box, dy <= box, turn <= parameters.pairingAngle else { return nil }
        return (dx + dy) * Int32(parameters.pairingAngle) + turn * box
    }
}

extension CardPoints {
    /// A template's points after an alignment.
    struct Moved {
        var x = [Int32](repeating: 0, count: 60)
        var y = [Int32](repeating: 0, count: 60)
        var angle = [Int32](repeating: 0, count: 60)
        /// Distance from the anchor, 0.1 mm.
        var reach = [Int32](repeating: 0, count: 60)
    }
}

/// The best few seed pairs, kept sorted by agreement in fixed storage.
struct CardSeeds {
    var agreement = [Int](repeating: 0, count: 16)
    var i = [Int](repeating: 0, count: 16)
    var j = [Int](repeating: 0, count: 16)
    var count = 0
    let capacity: Int

    init(capacity: Int) {
        self.capacity = min(max(capacity, 1), 16)
    }

    mutating func offer(agreement value: Int, i a: Int, j b: Int) {
        var slot = count < capacity ? count : capacity - 1
        guard count < capacity || value > agreement[slot] else { return }
        if count < capacity { count += 1 }
        while slot > 0 && agreement[slot - 1] < value {
            agreement[slot] = agreement[slot - 1]
            i[slot] = i[slot - 1]
            j[slot] = j[slot - 1]
            slot -= 1
        }
        agreement[slot] = value
        i[slot] = a
        j[slot] = b
    }
}
