/// The skeleton as a graph: line ends and junctions are nodes, the ridge lines between them
/// are edges with their pixel paths. Structural filters (``SkeletonGraph/cleaned(orientation:parameters:)``)
/// work on this graph, and the surviving ends and 3-way junctions become minutiae.
struct SkeletonGraph {
    struct Point: Hashable, Sendable {
        var x: Int
        var y: Int
    }

    struct Node {
        /// Centre of the node's pixels.
        var x: Double
        var y: Double
        /// Incident ridges; a loop appears twice.
        var ridges: [Int] = []
        var isRemoved = false
        var degree: Int { ridges.count }
    }

    struct Ridge {
        var start: Int
        var end: Int
        /// Pixel path from the start node to the end node, both included.
        var points: [Point]
        var isRemoved = false
        var length: Int { points.count }
    }

    var nodes: [Node] = []
    var ridges: [Ridge] = []

    /// Traces every line of the skeleton from node to node.
    static func trace(_ skeleton: Skeleton) -> SkeletonGraph {
        var tracer = SkeletonTracer(skeleton.raster)
        return tracer.traced()
    }

    mutating func addRidge(from start: Int, to end: Int, points: [Point]) {
        ridges.append(Ridge(start: start, end: end, points: points))
        nodes[start].ridges.append(ridges.count - 1)
        nodes[end].ridges.append(ridges.count - 1)
    }

    mutating func removeRidge(_ index: Int) {
        guard !ridges[index].isRemoved else { return }
        ridges[index].isRemoved = true
        for node in [ridges[index].start, ridges[index].end] {
            if let position = nodes[node].ridges.firstIndex(of: index) { nodes[node].ridges.remove(at: position) }
        }
    }

    /// The path of a ridge read from `node` outwards.
    func path(of ridge: Int, from node: Int) -> [Point] {
        ridges[ridge].start == node ? ridges[ridge].points : ridges[ridge].points.reversed()
    }

    /// The node at the other end of `ridge`.
    func otherEnd(of ridge: Int, from node: Int) -> Int {
        ridges[ridge].start == node ? ridges[ridge].end : ridges[ridge].start
    }

    /// Joins the two ridges of a node that no longer branches or ends; drops empty nodes.
    mutating func dissolvePlainNodes() {
        for index in nodes.indices where !nodes[index].isRemoved {
            if nodes[index].degree == 0 { nodes[index].isRemoved = true; continue }
            guard nodes[index].degree == 2 else { continue }
            let first = nodes[index].ridges[0], second = nodes[index].ridges[1]
            if first == second {
                removeRidge(first)
                nodes[index].isRemoved = true
                continue
            }
            let head = otherEnd(of: first, from: index), tail = otherEnd(of: second, from: index)
            let joined = Array(path(of: first, from: head).dropLast()) + path(of: second, from: index)
            removeRidge(first)
            removeRidge(second)
            nodes[index].isRemoved = true
            addRidge(from: head, to: tail, points: joined)
        }
    }
}

/// Walks a thinned skeleton pixel by pixel to build its ``SkeletonGraph``.
private struct SkeletonTracer {
    let grid: PaddedBits
    /// Node id per padded pixel, or -1 for line pixels and background.
    var nodeOf: [Int]
    var visited: [Bool]
    var graph = SkeletonGraph()

    init(_ raster: BinaryRaster) {
        grid = PaddedBits(raster)
        nodeOf = [Int](repeating: -1, count: grid.bits.count)
        visited = [Bool](repeating: false, count: grid.bits.count)
    }

    func count(_ index: Int) -> Int { NeighbourhoodTable.neighbourCount[grid.neighbourhood(index)] }

    func point(_ index: Int) -> SkeletonGraph.Point {
        SkeletonGraph.Point(x: index % grid.width - 1, y: index / grid.width - 1)
    }

    mutating func traced() -> SkeletonGraph {
        let pixels = grid.setIndices()
        for index in pixels where nodeOf[index] < 0 && count(index) != 2 && count(index) > 0 {
            collectNode(from: index)
        }
        for index in pixels where nodeOf[index] >= 0 {
            for offset in grid.offsets where grid.bits[index + offset] != 0 {
                traceRidge(from: index, first: index + offset)
            }
        }
        return graph
    }

    /// Gathers a line end, or a cluster of touching junction pixels, into one node.
    mutating func collectNode(from start: Int) {
        let id = graph.nodes.count
        var members = [start], stack = [start]
        nodeOf[start] = id
        if count(start) >= 3 {
            while let index = stack.popLast() {
                for offset in grid.offsets {
                    let neighbour = index + offset
                    if grid.bits[neighbour] != 0, nodeOf[neighbour] < 0, count(neighbour) >= 3 {
                        nodeOf[neighbour] = id
                        members.append(neighbour)
                        stack.append(neighbour)
                    }
                }
            }
        }
        let points = members.map(point)
        graph.nodes.append(SkeletonGraph.Node(
            x: Double(points.map(\.x).reduce(0, +)) / Double(points.count),
            y: Double(points.map(\.y).reduce(0, +)) / Double(points.count)))
    }

    mutating func traceRidge(from start: Int, first: Int) {
        let startNode = nodeOf[start]
        if nodeOf[first] >= 0 {
            if nodeOf[first] != startNode && start < first {
                graph.addRidge(from: startNode, to: nodeOf[first], points: [point(start), point(first)])
            }
            return
        }
        guard !visited[first] else { return }
        var previous = start, current = first, path = [point(start), point(first)]
        visited[first] = true
        while true {
            guard let next = grid.offsets.map({ current + $0 }).first(where: { grid.bits[$0] != 0 && $0 != previous }) else { return }
            path.append(point(next))
            if nodeOf[next] >= 0 {
                graph.addRidge(from: startNode, to: nodeOf[next], points: path)
                return
            }
            guard !visited[next] else { return }
            visited[next] = true
            previous = current
            current = next
        }
    }
}
