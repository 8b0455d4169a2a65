import Foundation

/// Up to ``CardMatcher/capacity`` card minutiae in fixed storage, angles in 1/256 turn and
/// image coordinates (y down, clockwise on screen), as the matcher works on them.
struct CardPoints {
    var x = [Int32](repeating: 0, count: 60)
    var y = [Int32](repeating: 0, count: 60)
    var angle = [Int32](repeating: 0, count: 60)
    var count = 0

    init(_ template: CompactCardTemplate) {
        for minutia in template.minutiae.prefix(CardMatcher.capacity) {
            x[count] = Int32(minutia.x)
            y[count] = Int32(minutia.y)
            // Card angles turn counter-clockwise in 64 steps; the matcher turns with the image axes.
            angle[count] = (256 - Int32(minutia.angle) * 4) & 255
            count += 1
        }
    }

    /// Signed difference of two angles in 1/256 turn, `-128..<128`.
    @inline(__always)
    static func turn(_ a: Int32, _ b: Int32) -> Int32 {
        ((a - b + 128) & 255) - 128
    }

    /// Direction from point `i` to point `k`, in 1/256 turn.
    func direction(from i: Int, to k: Int) -> Int32 {
        let radians = atan2(Double(y[k] - y[i]), Double(x[k] - x[i]))
        return Int32((radians / (2 * .pi) * 256).rounded()) & 255
    }

    func distance(_ i: Int, _ k: Int) -> Int32 {
        let dx = Double(x[k] - x[i]), dy = Double(y[k] - y[i])
        return Int32((dx * dx + dy * dy).squareRoot().rounded())
    }
}

/// Each minutia's nearest neighbours, described relative to the minutia: distance, direction of
/// the neighbour seen from the minutia, and the neighbour's own direction, both relative to the
/// minutia's direction. Fixed storage for 60 minutiae × 8 neighbours.
struct CardNeighbourhoods {
    static let maximumNeighbours = 8
    var distance = [Int32](repeating: 0, count: 480)
    var radial = [Int32](repeating: 0, count: 480)
    var relative = [Int32](repeating: 0, count: 480)
    var counts = [Int32](repeating: 0, count: 60)

    init(_ points: CardPoints, neighbours: Int) {
        let wanted = min(neighbours, Self.maximumNeighbours, max(points.count - 1, 0))
        for i in 0..<points.count {
            var chosen = [Int](repeating: -1, count: 8)
            var chosenDistance = [Int32](repeating: .max, count: 8)
            for k in 0..<points.count where k != i {
                let d = points.distance(i, k)
                var slot = wanted - 1
                guard slot >= 0, d < chosenDistance[slot] else { continue }
                while slot > 0 && chosenDistance[slot - 1] > d {
                    chosen[slot] = chosen[slot - 1]
                    chosenDistance[slot] = chosenDistance[slot - 1]
                    slot -= 1
                }
                chosen[slot] = k
                chosenDistance[slot] = d
            }
            for n in 0..<wanted {
                let k = chosen[n], entry = i * Self.maximumNeighbours + n
                distance[entry] = chosenDistance[n]
                radial[entry] = CardPoints.turn(points.direction(from: i, to: k), points.angle[i])
                relative[entry] = CardPoints.turn(points.angle[k], points.angle[i])
            }
            counts[i] = Int32(wanted)
        }
    }
}
