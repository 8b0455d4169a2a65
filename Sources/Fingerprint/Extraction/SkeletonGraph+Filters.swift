import Foundation

extension SkeletonGraph {
    /// The graph after removing the artefacts of noisy ridges, in the order they are best
    /// recognised: pores and holes, gaps in broken ridges, spurs, short fragments, bridges.
    func cleaned(orientation: OrientationField, parameters: ExtractionParameters.SkeletonFilters) -> SkeletonGraph {
        var graph = self
        graph.removePores(maximumLength: parameters.maximumPoreLength)
        graph.dissolvePlainNodes()
        graph.closeGaps(maximumLength: parameters.maximumGapLength, maximumAngle: parameters.maximumGapAngle)
        graph.dissolvePlainNodes()
        for _ in 0..<2 {
            graph.removeTails(minimumLength: parameters.minimumTailLength)
            graph.dissolvePlainNodes()
            graph.removeFragments(minimumLength: parameters.minimumFragmentLength)
            graph.removeBridges(maximumLength: parameters.maximumBridgeLength, orientation: orientation)
            graph.dissolvePlainNodes()
        }
        return graph
    }

    var liveRidges: [Int] { ridges.indices.filter { !ridges[$0].isRemoved } }

    /// Short loops (a pore or a hole inside a thick ridge) and short doubled links between the
    /// same two junctions.
    mutating func removePores(maximumLength: Int) {
        var seenPairs: [Int: Int] = [:]
        for index in liveRidges where ridges[index].length <= maximumLength {
            let ridge = ridges[index]
            if ridge.start == ridge.end { removeRidge(index); continue }
            let key = min(ridge.start, ridge.end) * nodes.count + max(ridge.start, ridge.end)
            if let twin = seenPairs[key], !ridges[twin].isRemoved {
                removeRidge(ridges[twin].length > ridge.length ? twin : index)
            } else {
                seenPairs[key] = index
            }
        }
    }

    /// Joins pairs of line ends that face each other across a short gap, nearest pairs first.
    mutating func closeGaps(maximumLength: Int, maximumAngle: Double) {
        let ends = nodes.indices.filter { !nodes[$0].isRemoved && nodes[$0].degree == 1 }
        var pairs: [(distance: Double, a: Int, b: Int)] = []
        for (i, a) in ends.enumerated() {
            for b in ends[(i + 1)...] {
                let distance = hypot(nodes[b].x - nodes[a].x, nodes[b].y - nodes[a].y)
                guard distance <= Double(maximumLength), distance > 0 else { continue }
                if facesTowards(a, b, maximumAngle: maximumAngle) && facesTowards(b, a, maximumAngle: maximumAngle) {
                    pairs.append((distance, a, b))
                }
            }
        }
        var used = Set<Int>()
        for pair in pairs.sorted(by: { $0.distance < $1.distance }) where !used.contains(pair.a) && !used.contains(pair.b) {
            used.formUnion([pair.a, pair.b])
            let start = Point(x: Int(nodes[pair.a].x), y: Int(nodes[pair.a].y))
            let end = Point(x: Int(nodes[pair.b].x), y: Int(nodes[pair.b].y))
            addRidge(from: pair.a, to: pair.b, points: Self.line(from: start, to: end))
        }
    }

    /// Whether the line end `a` points at `b`: the ridge leading into `a`, extended, passes near `b`.
    func facesTowards(_ a: Int, _ b: Int, maximumAngle: Double) -> Bool {
        guard let outward = endDirection(of: a, length: 10) else { return false }
        let towards = atan2(nodes[b].y - nodes[a].y, nodes[b].x - nodes[a].x)
        return abs(Self.angleDifference(outward, towards)) <= maximumAngle
    }

    /// Direction (image coordinates) from a point `length` pixels inside the ridge to the line end.
    func endDirection(of node: Int, length: Int) -> Double? {
        guard nodes[node].degree == 1 else { return nil }
        let path = path(of: nodes[node].ridges[0], from: node)
        let inner = path[min(length, path.count - 1)]
        return atan2(nodes[node].y - Double(inner.y), nodes[node].x - Double(inner.x))
    }

    /// Short branches from a junction to a free end: spurs left by bumps on a ridge's border.
    mutating func removeTails(minimumLength: Int) {
        for index in liveRidges where ridges[index].length < minimumLength {
            let start = nodes[ridges[index].start].degree, end = nodes[ridges[index].end].degree
            if (start == 1 && end >= 3) || (start >= 3 && end == 1) { removeRidge(index) }
        }
    }

    /// Short pieces of ridge with two free ends: dots and scratches.
    mutating func removeFragments(minimumLength: Int) {
        for index in liveRidges where ridges[index].length < minimumLength {
            let ridge = ridges[index]
            if nodes[ridge.start].degree == 1 && nodes[ridge.end].degree == 1 { removeRidge(index) }
        }
    }

    /// Short links between two junctions that cut across the ridge flow.
    mutating func removeBridges(maximumLength: Int, orientation: OrientationField) {
        for index in liveRidges where ridges[index].length <= maximumLength {
            let ridge = ridges[index]
            guard ridge.start != ridge.end, nodes[ridge.start].degree >= 3, nodes[ridge.end].degree >= 3 else { continue }
            let a = nodes[ridge.start], b = nodes[ridge.end]
            let direction = atan2(b.y - a.y, b.x - a.x)
            let flow = orientation.angle(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
            let crossing = abs(Self.angleDifference(2 * direction, 2 * flow)) / 2
            if crossing > .pi / 4 { removeRidge(index) }
        }
    }

    /// Signed difference `a − b` wrapped to `-π...π`.
    static func angleDifference(_ a: Double, _ b: Double) -> Double {
        var difference = (a - b).truncatingRemainder(dividingBy: 2 * .pi)
        if difference > .pi { difference -= 2 * .pi }
        if difference < -.pi { difference += 2 * .pi }
        return difference
    }

    /// Pixels of a straight segment, both ends included.
    static func line(from start: Point, to end: Point) -> [Point] {
        let steps = max(abs(end.x - start.x), abs(end.y - start.y), 1)
        return (0...steps).map { step in
            let t = Double(step) / Double(steps)
            return Point(x: Int((Double(start.x) + t * Double(end.x - start.x)).rounded()),
                         y: Int((Double(start.y) + t * Double(end.y - start.y)).rounded()))
        }
    }
}
