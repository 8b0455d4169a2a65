import Foundation

/// Spreads each neighbour of a minutia over the bins around it (see ``NeighbourhoodSketch``).
struct NeighbourBinner {
    let parameters: NeighbourhoodSketch.Parameters
    /// Bins per pixel of distance and per radian of bearing and turn.
    private let ringsPerPixel: Double
    private let sectorsPerRadian: Double
    private let layersPerRadian: Double
    /// The current minutia's weights, all bins; only `touched` ones are non-zero.
    private var weights: [Float]
    private var touched: [Int] = []

    init(parameters: NeighbourhoodSketch.Parameters) {
        self.parameters = parameters
        ringsPerPixel = Double(parameters.rings) / parameters.radius
        sectorsPerRadian = Double(parameters.sectors) / (2 * .pi)
        layersPerRadian = Double(parameters.layers) / (2 * .pi)
        weights = Array(repeating: 0, count: parameters.bins)
    }

    /// Writes minutia `centre`'s unit-length weights as levels at `levels[offset...]`; returns
    /// the neighbour count and the levels' scale, or a count of 0 when there are too few
    /// neighbours to keep (nothing is written then).
    mutating func fill(_ levels: inout [UInt8], at offset: Int, centre: Int,
                       minutiae: [MatchMinutia]) -> (neighbours: Int32, scale: Float) {
        let m = minutiae[centre]
        let cosine = cos(m.angle), sine = sin(m.angle)
        var neighbours: Int32 = 0
        for index in minutiae.indices where index != centre {
            let t = minutiae[index]
            let dx = t.x - m.x, dy = t.y - m.y
            let distanceSquared = dx * dx + dy * dy
            guard distanceSquared < parameters.radius * parameters.radius else { continue }
            // The neighbour in the minutia's frame: bearing from its direction, turn relative to it.
            let u = dx * cosine + dy * sine, v = dy * cosine - dx * sine
            let ring = Linear(distanceSquared.squareRoot() * ringsPerPixel - 0.5, count: parameters.rings, wraps: false)
            let sector = Linear((Double(FastAngle.atan2(Float(v), Float(u))) + .pi) * sectorsPerRadian - 0.5, count: parameters.sectors, wraps: true)
            // Both angles lie in -π..<π, so one step wraps their difference (no fmod).
            var turn = t.angle - m.angle
            if turn >= .pi { turn -= 2 * .pi } else if turn < -.pi { turn += 2 * .pi }
            let layer = Linear((turn + .pi) * layersPerRadian - 0.5, count: parameters.layers, wraps: true)
            neighbours += 1
            spread(ring, sector, layer)
        }
        defer { clear() }
        guard neighbours >= parameters.minimumNeighbours else { return (0, 0) }
        var squares: Float = 0, largest: Float = 0
        for bin in touched {
            squares += weights[bin] * weights[bin]
            largest = max(largest, weights[bin])
        }
        guard largest > 0 else { return (0, 0) }
        // Levels keep the largest weight at 127 (see the dot product); `scale` turns them back
        // into unit-length weights.
        let toLevel = NeighbourhoodSketch.largestLevel / largest
        levels.withUnsafeMutableBufferPointer { levels in
            for bin in touched { levels[offset &+ bin] = UInt8(weights[bin] * toLevel + 0.5) }
        }
        return (neighbours, largest / NeighbourhoodSketch.largestLevel / squares.squareRoot())
    }

    /// Adds a neighbour's unit weight to the eight bins around it, split linearly on each axis.
    private mutating func spread(_ ring: Linear, _ sector: Linear, _ layer: Linear) {
        let rings = parameters.rings, sectors = parameters.sectors
        weights.withUnsafeMutableBufferPointer { weights in
            for l in 0..<2 {
                for r in 0..<2 {
                    let row = (layer.bin(l) &* rings &+ ring.bin(r)) &* sectors
                    let share = Float(layer.weight(l) * ring.weight(r))
                    for s in 0..<2 {
                        let bin = row &+ sector.bin(s)
                        if weights[bin] == 0 { touched.append(bin) }
                        weights[bin] += share * Float(sector.weight(s))
                    }
                }
            }
        }
    }

    private mutating func clear() {
        for bin in touched { weights[bin] = 0 }
        touched.removeAll(keepingCapacity: true)
    }
}

/// A position between two bin centres along one axis, and how it splits between them.
private struct Linear {
    private let low: Int
    private let high: Int
    private let share: Double

    /// `position` in bins, at least -1 and below `count` (wrapping axes) or `count - 0.5`.
    @inline(__always)
    init(_ position: Double, count: Int, wraps: Bool) {
        // Truncation, then a step down for negatives: `rounded(.down)` is a libm call on the
        // x86-64 baseline (no SSE4.1), and wrapping by comparison avoids integer divisions.
        var below = Int(position)
        if Double(below) > position { below -= 1 }
        if wraps {
            let first = below < 0 ? below + count : below
            (low, high, share) = (first, first + 1 == count ? 0 : first + 1, position - Double(below))
        } else if below < 0 {
            (low, high, share) = (0, 0, 0)
        } else if below >= count - 1 {
            (low, high, share) = (count - 1, count - 1, 0)
        } else {
            (low, high, share) = (below, below + 1, position - Double(below))
        }
    }

    @inline(__always) func bin(_ side: Int) -> Int { side == 0 ? low : high }
    @inline(__always) func weight(_ side: Int) -> Double { side == 0 ? 1 - share : share }
}
