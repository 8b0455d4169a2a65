import Foundation
import Synchronization

/// The geometry of a cylinder, how its bits are laid out, and the tables used to fill one.
///
/// Bits are stored layer by layer: each directional layer is the spatial grid of cells, padded
/// to whole 64-bit words, followed by one more grid of the same size holding cell validity
/// (which is the same for every layer), then the per-cell count of set layers, bit-sliced into
/// `planes` grids (plane `p` holds bit `p` of each cell's count). So a cylinder is
/// `(layers + 1 + planes) × cellWords` words. The count planes let a comparison count the value
/// bits of one cylinder inside the other's valid cells with `planes` grids instead of `layers`.
struct CylinderLayout: Sendable {
    let cells: Int
    let layers: Int
    let cellSize: Double
    /// Words per spatial grid.
    let cellWords: Int
    /// Cells whose centre lies within the radius.
    let insideCells: Int
    /// Those cells: grid index and centre in the cylinder's own frame (`u` along its minutia).
    let insideGrid: [(cell: Int, u: Double, v: Double)]
    /// Directional contribution by angle difference, sampled over `-π...π`: layer `l`'s
    /// samples are `directional[l · tableSize ..< (l + 1) · tableSize]`.
    let directional: [Double]
    static let tableSize = 256

    /// Bits needed for a count of `0...layers`.
    var planes: Int { Int.bitWidth - layers.leadingZeroBitCount }
    var valueWords: Int { layers * cellWords }
    var planeOffset: Int { (layers + 1) * cellWords }
    var stride: Int { (layers + 1 + planes) * cellWords }

    init(parameters: MatchingParameters) {
        cells = parameters.spatialCells
        layers = parameters.directionalCells
        cellSize = 2 * parameters.radius / Double(cells)
        cellWords = (cells * cells + 63) / 64
        // ByteCounts sums per-byte counts of up to 31 words before folding them.
        precondition(layers * cellWords <= 31, "a cylinder may hold at most 31 words of value bits")
        let side = cells, size = cellSize, radius = parameters.radius
        insideGrid = (0..<(side * side)).compactMap { cell in
            let u = Self.cellCentre(cell % side, cells: side, size: size)
            let v = Self.cellCentre(cell / side, cells: side, size: size)
            return u * u + v * v <= radius * radius ? (cell, u, v) : nil
        }
        insideCells = insideGrid.count
        let width = 2 * Double.pi / Double(layers), sigma = parameters.directionalSigma
        directional = (0..<layers).flatMap { layer in
            let centre = -Double.pi + (Double(layer) + 0.5) * width
            return (0..<Self.tableSize).map { step in
                let difference = -Double.pi + 2 * Double.pi * Double(step) / Double(Self.tableSize)
                let alpha = Self.wrapped(centre - difference)
                // Area of the Gaussian over the layer's angular width (MCC eq. 7).
                let scale = 1 / (sigma * 2.0.squareRoot())
                return 0.5 * (erf((alpha + width / 2) * scale) - erf((alpha - width / 2) * scale))
            }
        }
    }

    /// The layout for `parameters`, built once per process (its tables cost more than filling
    /// a template's cylinders).
    static func shared(for parameters: MatchingParameters) -> CylinderLayout {
        if let layout = built.withLock({ $0[parameters] }) { return layout }
        let layout = CylinderLayout(parameters: parameters)
        built.withLock { $0[parameters] = layout }
        return layout
    }

    private static let built = Mutex<[MatchingParameters: CylinderLayout]>([:])

    /// Offset of column or row `index`'s centre from the cylinder's centre.
    static func cellCentre(_ index: Int, cells: Int, size: Double) -> Double {
        (Double(index) - Double(cells - 1) / 2) * size
    }

    /// Angle wrapped to `-π..<π`.
    static func wrapped(_ angle: Double) -> Double {
        var a = angle.truncatingRemainder(dividingBy: 2 * .pi)
        if a >= .pi { a -= 2 * .pi }
        if a < -.pi { a += 2 * .pi }
        return a
    }

    /// The directional table's sample for an angle difference in `-π...π`.
    func tableStep(_ difference: Double) -> Int {
        let step = Int(((difference + .pi) / (2 * .pi) * Double(Self.tableSize)).rounded())
        return step % Self.tableSize
    }
}
