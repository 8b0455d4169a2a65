#if canImport(Glibc)
import Glibc
#endif
import Fingerprint

/// Finds ridge endings and bifurcations on a skeleton by crossing number and measures their
/// directions by following the skeleton (ISO/IEC 19794-2 §6.4.1 conventions, as `Minutia` states).
struct SkeletonMinutiae {
    let skeleton: RidgeSkeleton
    /// Skeleton pixels followed from a minutia to measure its direction.
    let traceLength: Int

    /// Every ending and bifurcation whose neighbourhood passes `keep` (x, y in pixels).
    func detect(keep: (Double, Double) -> Bool) -> [Minutia] {
        var found = [Minutia]()
        for y in 1..<(skeleton.height - 1) {
            for x in 1..<(skeleton.width - 1) where skeleton.isSet(x, y) && keep(Double(x), Double(y)) {
                switch skeleton.crossingNumber(x, y) {
                case 1:
                    if let direction = endingDirection(x, y) {
                        found.append(Minutia(x: Double(x), y: Double(y), direction: direction, kind: .ending, quality: 100))
                    }
                case 3:
                    if let direction = bifurcationDirection(x, y) {
                        found.append(Minutia(x: Double(x), y: Double(y), direction: direction, kind: .bifurcation,
                                             quality: 100))
                    }
                default:
                    break
                }
            }
        }
        return found
    }

    /// Points from the free end back along the ridge body: the gap of the valleys' "Y" (ISO/IEC 19794-2).
    private func endingDirection(_ x: Int, _ y: Int) -> Double? {
        let branches = self.branches(x, y)
        guard let end = branches.first else { return nil }
        return angle(fromX: x, fromY: y, toX: end.x, toY: end.y)
    }

    /// Points from the stem into the fork, along the valley between the two branches.
    private func bifurcationDirection(_ x: Int, _ y: Int) -> Double? {
        let ends = branches(x, y)
        guard ends.count == 3 else { return nil }
        let angles = ends.map { atan2(Double($0.y - y), Double($0.x - x)) }
        func separation(_ a: Double, _ b: Double) -> Double {
            let d = abs(a - b).truncatingRemainder(dividingBy: 2 * .pi)
            return min(d, 2 * .pi - d)
        }
        let stem = (0..<3).max { i, j in
            let others = { (k: Int) in (0..<3).filter { $0 != k }.map { separation(angles[k], angles[$0]) }.min()! }
            return others(i) < others(j)
        }!
        return angle(fromX: ends[stem].x, fromY: ends[stem].y, toX: x, toY: y)
    }

    /// Follows each skeleton branch leaving (x, y) for `traceLength` pixels; returns where each stopped.
    private func branches(_ x: Int, _ y: Int) -> [(x: Int, y: Int)] {
        var visited: Set<Int> = [y * skeleton.width + x]
        let starts = RidgeSkeleton.neighbourOffsets.map { (x + $0.dx, y + $0.dy) }.filter { skeleton.isSet($0.0, $0.1) }
        for start in starts { visited.insert(start.1 * skeleton.width + start.0) }
        return starts.map { start in
            var position = start
            for _ in 1..<traceLength {
                guard let next = step(from: position, visited: &visited) else { break }
                position = next
            }
            return (position.0, position.1)
        }
    }

    /// The next unvisited skeleton neighbour, edge neighbours before corner ones.
    private func step(from position: (Int, Int), visited: inout Set<Int>) -> (Int, Int)? {
        for index in [0, 2, 4, 6, 1, 3, 5, 7] {
            let offset = RidgeSkeleton.neighbourOffsets[index]
            let candidate = (position.0 + offset.dx, position.1 + offset.dy)
            let key = candidate.1 * skeleton.width + candidate.0
            if skeleton.isSet(candidate.0, candidate.1) && !visited.contains(key) {
                visited.insert(key)
                return candidate
            }
        }
        return nil
    }

    /// The direction from one pixel to another, counter-clockwise from +x as seen on the image (y down).
    private func angle(fromX: Int, fromY: Int, toX: Int, toY: Int) -> Double? {
        guard fromX != toX || fromY != toY else { return nil }
        var angle = atan2(Double(fromY - toY), Double(toX - fromX))
        if angle < 0 { angle += 2 * .pi }
        return angle
    }
}

extension [Minutia] {
    /// Drops every minutia that has another within `distance` pixels: such pairs are thinning
    /// artefacts (spurs, gaps, islands) rather than features.
    func removingClosePairs(within distance: Double) -> [Minutia] {
        let limit = distance * distance
        return indices.filter { i in
            !indices.contains { j in
                j != i && pow(self[i].x - self[j].x, 2) + pow(self[i].y - self[j].y, 2) < limit
            }
        }.map { self[$0] }
    }
}
