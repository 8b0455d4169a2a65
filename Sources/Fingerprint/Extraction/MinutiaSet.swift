import Foundation

/// The minutiae found in the cleaned skeleton graph, filtered and rated, at the working resolution.
///
/// Line ends become endings and 3-way junctions bifurcations. Candidate directions point along
/// the stem of the minutia's "Y", outwards: an ending out of its ridge, a bifurcation into its
/// single ridge (``Minutia`` points the opposite way). Minutiae near the edge of the
/// foreground and in dense clouds (scars, smudges) are dropped; the best ``maximumCount`` stay.
struct MinutiaSet {
    /// Positions in working pixels; directions in image coordinates (x right, y down, radians).
    struct Candidate {
        var x: Double
        var y: Double
        var angle: Double
        var kind: Minutia.Kind
        var quality: Int
    }

    var candidates: [Candidate]

    static func detect(_ graph: SkeletonGraph, orientation: OrientationField, mask: SegmentationMask,
                       clarity: RidgeClarity, parameters: ExtractionParameters.MinutiaFilters) -> MinutiaSet {
        var candidates: [Candidate] = []
        for index in graph.nodes.indices where !graph.nodes[index].isRemoved {
            let node = graph.nodes[index]
            guard node.degree == 1 || node.degree == 3,
                  let traced = direction(of: index, in: graph, length: parameters.directionLength) else { continue }
            let angle = snapped(traced, to: orientation.angle(x: node.x, y: node.y))
            let border = mask.borderDistance(x: node.x, y: node.y)
            guard border >= Float(parameters.borderDistance) else { continue }
            // A minutia is as trustworthy as the flow and the ridge wave around it.
            let reliability = min(orientation.coherence(x: node.x, y: node.y) / 0.6,
                                  clarity.share(x: node.x, y: node.y) / parameters.clearRidgeShare, 1)
            let inset = min(border / Float(3 * parameters.borderDistance), 1)
            candidates.append(Candidate(x: node.x, y: node.y, angle: angle,
                                        kind: node.degree == 1 ? .ending : .bifurcation,
                                        quality: Int((100 * reliability * (0.5 + 0.5 * inset)).rounded())))
        }
        var set = MinutiaSet(candidates: candidates)
        set.removeClouds(radius: Double(parameters.cloudRadius), maximumNeighbours: parameters.cloudCount)
        set.keepBest(parameters.maximumCount)
        return set
    }

    /// The ridge direction `ridge` (`0..<π`) turned to the sense of `traced`, when they are within
    /// 45° of each other: the smoothed field is steadier than a few skeleton pixels.
    static func snapped(_ traced: Double, to ridge: Double) -> Double {
        let options = [ridge, ridge + .pi]
        let best = options.min { abs(remainder($0 - traced, 2 * .pi)) < abs(remainder($1 - traced, 2 * .pi)) }!
        return abs(remainder(best - traced, 2 * .pi)) <= .pi / 4 ? best : traced
    }

    /// Image-coordinate direction of an ending (out of the ridge) or bifurcation (into the single ridge).
    static func direction(of node: Int, in graph: SkeletonGraph, length: Int) -> Double? {
        let centre = graph.nodes[node]
        let vectors = graph.nodes[node].ridges.map { ridge -> (x: Double, y: Double) in
            let path = graph.path(of: ridge, from: node)
            let point = path[min(length, path.count - 1)]
            let dx = Double(point.x) - centre.x, dy = Double(point.y) - centre.y
            let norm = max(hypot(dx, dy), 1e-9)
            return (dx / norm, dy / norm)
        }
        if vectors.count == 1 { return atan2(-vectors[0].y, -vectors[0].x) }
        guard vectors.count == 3 else { return nil }
        // The single ridge is the branch farthest in angle from the other two.
        let stem = (0..<3).max { a, b in
            spread(vectors, excluding: a) < spread(vectors, excluding: b)
        }!
        return atan2(vectors[stem].y, vectors[stem].x)
    }

    /// Dot product of the two vectors other than `excluded` (high when they run together).
    private static func spread(_ vectors: [(x: Double, y: Double)], excluding excluded: Int) -> Double {
        let others = (0..<3).filter { $0 != excluded }
        return vectors[others[0]].x * vectors[others[1]].x + vectors[others[0]].y * vectors[others[1]].y
    }

    mutating func removeClouds(radius: Double, maximumNeighbours: Int) {
        let crowded = candidates.indices.map { index in
            candidates.indices.filter { other in
                other != index && hypot(candidates[other].x - candidates[index].x,
                                        candidates[other].y - candidates[index].y) <= radius
            }.count > maximumNeighbours
        }
        candidates = candidates.indices.filter { !crowded[$0] }.map { candidates[$0] }
    }

    mutating func keepBest(_ count: Int) {
        guard candidates.count > count else { return }
        candidates = Array(candidates.sorted { $0.quality > $1.quality }.prefix(count))
    }
}
