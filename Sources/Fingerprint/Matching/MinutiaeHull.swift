/// A foreground estimated from minutiae alone, for records that carry no foreground map: the
/// convex hull of the minutiae grown by a margin, clipped to the image. Without it the matcher
/// must assume a foreign record saw everything the other template saw, and a genuine pair whose
/// impressions overlap only in part counts every unpaired minutia against itself.
struct MinutiaeHull {
    /// Hull corners, counter-clockwise (y down), in the minutiae's coordinates.
    let corners: [(x: Double, y: Double)]

    init(_ points: [(x: Double, y: Double)]) {
        let sorted = points.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        guard sorted.count >= 3 else {
            corners = sorted
            return
        }
        func cross(_ o: (x: Double, y: Double), _ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var lower: [(x: Double, y: Double)] = [], upper: [(x: Double, y: Double)] = []
        for point in sorted {
            while lower.count >= 2 && cross(lower[lower.count - 2], lower[lower.count - 1], point) <= 0 { lower.removeLast() }
            lower.append(point)
        }
        for point in sorted.reversed() {
            while upper.count >= 2 && cross(upper[upper.count - 2], upper[upper.count - 1], point) <= 0 { upper.removeLast() }
            upper.append(point)
        }
        corners = Array(lower.dropLast() + upper.dropLast())
    }

    /// The hull's area in squared units of the minutiae's coordinates (0 below three corners).
    var area: Double {
        guard corners.count >= 3 else { return 0 }
        let twice = corners.indices.reduce(0.0) { sum, index in
            let a = corners[index], b = corners[(index + 1) % corners.count]
            return sum + a.x * b.y - b.x * a.y
        }
        return abs(twice) / 2
    }

    /// Whether `point` lies inside the hull or within `margin` of it.
    func reaches(_ point: (x: Double, y: Double), margin: Double) -> Bool {
        guard !corners.isEmpty else { return false }
        var inside = corners.count >= 3
        var nearest = Double.infinity
        for index in corners.indices {
            let a = corners[index], b = corners[(index + 1) % corners.count]
            if (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x) < 0 { inside = false }
            nearest = min(nearest, Self.distance(point, segment: (a, b)))
        }
        return inside || nearest <= margin
    }

    private static func distance(_ p: (x: Double, y: Double), segment: ((x: Double, y: Double), (x: Double, y: Double))) -> Double {
        let (a, b) = segment
        let dx = b.x - a.x, dy = b.y - a.y, length = dx * dx + dy * dy
        let t = length > 0 ? min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / length, 0), 1) : 0
        let x = a.x + t * dx - p.x, y = a.y + t * dy - p.y
        return (x * x + y * y).squareRoot()
    }

    /// The hull grown by `margin` as a foreground map of 8-pixel blocks over a `width × height` image.
    func foreground(width: Int, height: Int, resolution: Double, margin: Double) -> ForegroundMap {
        let block = 8
        let columns = max(1, (width + block - 1) / block), rows = max(1, (height + block - 1) / block)
        var flags = [Bool](repeating: false, count: columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let centre = (x: (Double(column) + 0.5) * Double(block), y: (Double(row) + 0.5) * Double(block))
                flags[row * columns + column] = reaches(centre, margin: margin)
            }
        }
        return ForegroundMap(columns: columns, rows: rows, blockSize: block, resolution: resolution, flags: flags)
    }
}
