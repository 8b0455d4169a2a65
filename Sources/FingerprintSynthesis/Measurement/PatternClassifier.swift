#if canImport(Glibc)
import Glibc
#endif
import Imaging

/// Estimates the Henry class of any fingerprint image, real or synthetic, from the cores and
/// deltas its orientation field shows, so the class mix of a synthetic set can be compared with a
/// real one measured the same way.
///
/// Singular points are blocks whose Poincaré index (Kawagoe & Tojo 1984) over a ring of blocks is
/// +½ (core) or −½ (delta). Then: two cores, or a core and two deltas → whorl; no core and no
/// delta → arch; a core with its delta in view nearly straight below it → tented arch; otherwise
/// the delta (in view, or inferred from the field around the core) to the right of the core → left
/// loop, to the left → right loop. A delta without a core is ``Estimate/unclassified``: the print
/// shows too little.
/// Like any classifier on partial prints it errs; what matters here is that it errs the same way
/// on both sides of a comparison.
public struct PatternClassifier: Sendable {
    /// What the classifier says about one image.
    public enum Estimate: String, Sendable, Hashable, CaseIterable, Comparable {
        case arch
        case tentedArch = "tented-arch"
        case leftLoop = "left-loop"
        case rightLoop = "right-loop"
        case whorl
        case unclassified

        public static func < (a: Estimate, b: Estimate) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// Block side at 500 dpi, pixels (scaled with the image's resolution).
    public var blockSizeAt500DPI = 8.0
    /// Blocks averaged on each side of a block when smoothing the orientation.
    public var smoothing = 3
    /// Blocks with a gray standard deviation below this share of the image's most contrasted
    /// blocks are background.
    public var relativeContrast = 0.3
    /// Half side of the square ring of blocks the Poincaré index is summed over.
    public var ringRadius = 2
    /// Detections closer than this many blocks are one singular point.
    public var mergeDistance = 4.0
    /// A delta whose direction from the core is within this of straight down makes a tented arch.
    public var tentedArchAngle = 0.33

    /// A classifier with the default settings (for 500 dpi images of whole or partial fingertips).
    public init() {}

    /// The class `image` shows.
    public func classify(_ image: GrayImage) -> Estimate {
        let points = singularPoints(image)
        let cores = points.filter { $0.kind == .core }, deltas = points.filter { $0.kind == .delta }
        if cores.count >= 2 || (cores.count == 1 && deltas.count >= 2) { return .whorl }
        guard let core = cores.first else { return deltas.isEmpty ? .arch : .unclassified }
        guard let delta = deltas.first else { return cos(core.inferredDeltaDirection) > 0 ? .leftLoop : .rightLoop }
        let direction = atan2(delta.y - core.y, delta.x - core.x)
        // Straight down (y grows downwards) is π/2. Only a delta in view is trusted to tell a
        // tented arch from a loop: the direction inferred around a lone core is too rough.
        if abs(cos(direction)) < sin(tentedArchAngle) && sin(direction) > 0 { return .tentedArch }
        return cos(direction) > 0 ? .leftLoop : .rightLoop
    }

    /// A core or delta found on an image, in its pixels.
    public struct Detection: Sendable, Hashable {
        public let kind: SingularPoint.Kind
        public let x: Double
        public let y: Double
        /// For a core: the direction in which its loop's delta lies (image angle, y down), read from
        /// the orientation around the core as the zero-pole model predicts it.
        public let inferredDeltaDirection: Double
    }

    /// The cores and deltas of `image`.
    public func singularPoints(_ image: GrayImage) -> [Detection] {
        let blockSize = max(4, Int((blockSizeAt500DPI * image.dpi / 500).rounded()))
        let field = BlockOrientationField(image: image, blockSize: blockSize, smoothing: smoothing,
                                          relativeContrast: relativeContrast)
        var found = [(kind: SingularPoint.Kind, column: Double, row: Double)]()
        for row in 0..<field.rows {
            for column in 0..<field.columns {
                guard let kind = poincareKind(field, column: column, row: row) else { continue }
                found.append((kind, Double(column), Double(row)))
            }
        }
        return merged(found).map { point in
            let x = (point.column + 0.5) * Double(blockSize), y = (point.row + 0.5) * Double(blockSize)
            let direction = point.kind == .core
                ? inferredDeltaDirection(field, column: Int(point.column.rounded()), row: Int(point.row.rounded()))
                : 0
            return Detection(kind: point.kind, x: x, y: y, inferredDeltaDirection: direction)
        }
    }

    /// Core, delta or neither from the doubled-angle turn around the ring; nil unless every ring block is foreground.
    private func poincareKind(_ field: BlockOrientationField, column: Int, row: Int) -> SingularPoint.Kind? {
        let ring = Self.ring(radius: ringRadius)
        guard ring.allSatisfy({ field.isForeground(column + $0.dx, row + $0.dy) }),
              field.isForeground(column, row) else { return nil }
        var turn = 0.0
        for (index, step) in ring.enumerated() {
            let next = ring[(index + 1) % ring.count]
            let a = 2 * field.angle(column + step.dx, row + step.dy)
            let b = 2 * field.angle(column + next.dx, row + next.dy)
            turn += remainder(b - a, 2 * .pi)
        }
        // A core turns the doubled angle by +2π along this ring (clockwise on screen, y down), a delta by −2π.
        if abs(turn - 2 * .pi) < 0.5 { return .core }
        if abs(turn + 2 * .pi) < 0.5 { return .delta }
        return nil
    }

    /// The ring's block offsets in order, clockwise as seen on the image (y down).
    static func ring(radius r: Int) -> [(dx: Int, dy: Int)] {
        var ring = [(dx: Int, dy: Int)]()
        for dx in -r..<r { ring.append((dx, -r)) }
        for dy in -r..<r { ring.append((r, dy)) }
        for dx in stride(from: r, to: -r, by: -1) { ring.append((dx, r)) }
        for dy in stride(from: r, to: -r, by: -1) { ring.append((-r, dy)) }
        return ring
    }

    /// Neighbouring detections of one kind become their centroid.
    private func merged(_ found: [(kind: SingularPoint.Kind, column: Double, row: Double)])
        -> [(kind: SingularPoint.Kind, column: Double, row: Double)] {
        var clusters = [(kind: SingularPoint.Kind, column: Double, row: Double, count: Double)]()
        for point in found {
            if let index = clusters.firstIndex(where: { cluster in
                cluster.kind == point.kind && hypot(cluster.column - point.column, cluster.row - point.row) < mergeDistance
            }) {
                let cluster = clusters[index], count = cluster.count + 1
                clusters[index] = (point.kind, (cluster.column * cluster.count + point.column) / count,
                                   (cluster.row * cluster.count + point.row) / count, count)
            } else {
                clusters.append((point.kind, point.column, point.row, 1))
            }
        }
        return clusters.map { ($0.kind, $0.column, $0.row) }
    }

    /// Fits α(z) ≈ ½ arg(z − core) + c around the core; a zero-pole field with its delta at
    /// direction φ from the core has c = (π − φ) / 2 near the core, so φ = π − 2c.
    private func inferredDeltaDirection(_ field: BlockOrientationField, column: Int, row: Int) -> Double {
        var sumX = 0.0, sumY = 0.0
        for radius in 2...4 {
            for step in Self.ring(radius: radius) where field.isForeground(column + step.dx, row + step.dy) {
                let residual = 2 * field.angle(column + step.dx, row + step.dy) - atan2(Double(step.dy), Double(step.dx))
                sumX += cos(residual)
                sumY += sin(residual)
            }
        }
        let twiceC = atan2(sumY, sumX)
        return remainder(.pi - twiceC, 2 * .pi)
    }
}
