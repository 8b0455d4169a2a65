import Foundation

/// Fills the cylinders of one template after another (MCC eqs. 2–7, bit-based form), reusing
/// its buffers.
///
/// A cell's value sums the contributions of the neighbours within 3σ_S of its centre. Rather
/// than testing every neighbour against every cell, each neighbour visits only the cells in its
/// reach; per cell the sums still run over the neighbours in index order with the same
/// arithmetic, so the bits are those of the direct formula.
struct CylinderFiller {
    let layout: CylinderLayout
    let parameters: MatchingParameters
    /// Neighbours of the current centre, by index.
    private var neighbours: [Int] = []
    /// Per grid cell: its slot among the current cylinder's valid cells, or -1.
    private var slotOfCell: [Int32]
    /// Per slot: grid cell and centre in image coordinates.
    private var slotCell: [Int32] = []
    private var slotX: [Double] = []
    private var slotY: [Double] = []
    /// Per slot and layer: the summed contributions.
    private var sums: [Double] = []

    init(layout: CylinderLayout, parameters: MatchingParameters) {
        self.layout = layout
        self.parameters = parameters
        slotOfCell = Array(repeating: -1, count: layout.cells * layout.cells)
    }

    /// Writes the cylinder of minutia `centre` at `cylinder`; returns whether it is valid.
    mutating func fill(_ cylinder: UnsafeMutablePointer<UInt64>, centre: Int, minutiae: [MatchMinutia],
                       foreground: ForegroundDistance?) -> Bool {
        let m = minutiae[centre]
        collectNeighbours(of: centre, in: minutiae)
        guard neighbours.count >= parameters.minimumNeighbours else { return false }
        let turn = (cosine: cos(m.angle), sine: sin(m.angle))
        markValidCells(cylinder, around: m, turn: turn, foreground: foreground)
        sums.removeAll(keepingCapacity: true)
        sums.append(contentsOf: repeatElement(0, count: slotCell.count * layout.layers))
        for index in neighbours { accumulate(minutiae[index], around: m, turn: turn) }
        setValueBits(cylinder)
        fillCountPlanes(cylinder)
        return Double(slotCell.count) >= parameters.minimumValidCells * Double(layout.insideCells)
    }

    /// Every other minutia that can reach a cell of the cylinder.
    private mutating func collectNeighbours(of centre: Int, in minutiae: [MatchMinutia]) {
        let m = minutiae[centre], limit = parameters.radius + 3 * parameters.spatialSigma
        neighbours.removeAll(keepingCapacity: true)
        for index in minutiae.indices where index != centre
            && hypot(minutiae[index].x - m.x, minutiae[index].y - m.y) <= limit {
            neighbours.append(index)
        }
    }

    /// Cells inside the circle and the foreground get a slot and their validity bit.
    private mutating func markValidCells(_ cylinder: UnsafeMutablePointer<UInt64>, around m: MatchMinutia,
                                         turn: (cosine: Double, sine: Double), foreground: ForegroundDistance?) {
        for cell in slotCell { slotOfCell[Int(cell)] = -1 }
        slotCell.removeAll(keepingCapacity: true)
        slotX.removeAll(keepingCapacity: true)
        slotY.removeAll(keepingCapacity: true)
        let cosine = turn.cosine, sine = turn.sine
        for (cell, u, v) in layout.insideGrid {
            let x = m.x + u * cosine - v * sine, y = m.y + u * sine + v * cosine
            guard foreground?.isInside(x: x, y: y, inset: parameters.foregroundInset) ?? true else { continue }
            slotOfCell[cell] = Int32(slotCell.count)
            slotCell.append(Int32(cell))
            slotX.append(x)
            slotY.append(y)
            cylinder[layout.valueWords + cell / 64] |= UInt64(1) << UInt64(cell % 64)
        }
    }

    /// Adds neighbour `t`'s contribution to every valid cell within its reach.
    private mutating func accumulate(_ t: MatchMinutia, around m: MatchMinutia, turn: (cosine: Double, sine: Double)) {
        let reach = 3 * parameters.spatialSigma, reachSquared = reach * reach
        let gaussianScale = 1 / (parameters.spatialSigma * (2 * Double.pi).squareRoot())
        let twoSigmaSquared = 2 * parameters.spatialSigma * parameters.spatialSigma
        let layers = layout.layers, cells = layout.cells
        let step = layout.tableStep(CylinderLayout.wrapped(m.angle - t.angle))
        // The neighbour in the cylinder's frame; a pixel of margin covers rounding, and the exact
        // distance test below decides.
        let cosine = turn.cosine, sine = turn.sine
        let dx = t.x - m.x, dy = t.y - m.y
        let u = dx * cosine + dy * sine, v = dy * cosine - dx * sine
        let columns = gridRange(around: u, reach: reach + 1), rows = gridRange(around: v, reach: reach + 1)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        layout.directional.withUnsafeBufferPointer { table in
            sums.withUnsafeMutableBufferPointer { sums in
                for row in rows {
                    for column in columns {
                        let slot = Int(slotOfCell[row &* cells &+ column])
                        guard slot >= 0 else { continue }
                        let cx = t.x - slotX[slot], cy = t.y - slotY[slot], distanceSquared = cx * cx + cy * cy
                        guard distanceSquared <= reachSquared else { continue }
                        let spatial = gaussianScale * exp(-distanceSquared / twoSigmaSquared)
                        let base = slot &* layers
                        for layer in 0..<layers {
                            sums[base &+ layer] += spatial * table[layer &* CylinderLayout.tableSize &+ step]
                        }
                    }
                }
            }
        }
    }

    /// Columns (or rows) whose centres lie within `reach` of `offset`.
    private func gridRange(around offset: Double, reach: Double) -> Range<Int> {
        let half = Double(layout.cells - 1) / 2
        let low = max(0, Int(((offset - reach) / layout.cellSize + half).rounded(.up)))
        let high = min(layout.cells - 1, Int(((offset + reach) / layout.cellSize + half).rounded(.down)))
        return low <= high ? low..<(high + 1) : 0..<0
    }

    private func setValueBits(_ cylinder: UnsafeMutablePointer<UInt64>) {
        let layers = layout.layers, threshold = parameters.contributionThreshold
        for (slot, cell) in slotCell.enumerated() {
            let word = Int(cell) / 64, bit = UInt64(1) << UInt64(cell % 64)
            for layer in 0..<layers where sums[slot * layers + layer] > threshold {
                cylinder[layer * layout.cellWords + word] |= bit
            }
        }
    }

    /// Adds each layer's grid into the bit-sliced per-cell counts (a ripple-carry add per word).
    private func fillCountPlanes(_ cylinder: UnsafeMutablePointer<UInt64>) {
        let cellWords = layout.cellWords
        for word in 0..<cellWords {
            for layer in 0..<layout.layers {
                var carry = cylinder[layer * cellWords + word]
                for plane in 0..<layout.planes where carry != 0 {
                    let index = layout.planeOffset + plane * cellWords + word
                    let next = cylinder[index] & carry
                    cylinder[index] ^= carry
                    carry = next
                }
            }
        }
    }
}
