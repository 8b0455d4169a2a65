import Foundation

/// The geometry of a cylinder, how its bits are laid out, and the tables used to fill one.
///
/// Bits are stored layer by layer: each directional layer is the spatial grid of cells, padded
/// to whole 64-bit words, followed by one more grid of the same size holding cell validity
/// (which is the same for every layer), then the per-cell count of set layers, bit-sliced into
/// `planes` grids (plane `p` holds bit `p` of each cell's count). So a cylinder is
/// `(layers + 1 + planes) × cellWords` words. The count planes let a comparison count the value
/// bits of one cylinder inside the other's valid cells with `planes` grids instead of `layers`.
struct CylinderLayout {
    let cells: Int
    let layers: Int
    let cellSize: Double
    /// Words per spatial grid.
    let cellWords: Int
    /// Cells whose centre lies within the radius.
    let insideCells: Int
    /// Directional contribution by angle difference, sampled over `-π...π` for each layer.
    let directionalTable: [[Double]]
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
        let side = cells, half = Double(cells - 1) / 2, size = cellSize, radius = parameters.radius
        insideCells = (0..<(side * side)).filter { cell in
            let u = (Double(cell % side) - half) * size, v = (Double(cell / side) - half) * size
            return u * u + v * v <= radius * radius
        }.count
        let width = 2 * Double.pi / Double(layers), sigma = parameters.directionalSigma
        directionalTable = (0..<layers).map { layer in
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

    /// Angle wrapped to `-π..<π`.
    static func wrapped(_ angle: Double) -> Double {
        var a = angle.truncatingRemainder(dividingBy: 2 * .pi)
        if a >= .pi { a -= 2 * .pi }
        if a < -.pi { a += 2 * .pi }
        return a
    }

    /// Writes cylinder `centre` at `offset` in `words`; returns whether it is valid.
    func fill(_ words: inout [UInt64], at offset: Int, centre: Int, minutiae: [MatchMinutia],
              foreground: ForegroundDistance?, parameters: MatchingParameters) -> Bool {
        let m = minutiae[centre]
        let reach = 3 * parameters.spatialSigma
        let neighbours = minutiae.indices.filter { index in
            index != centre && hypot(minutiae[index].x - m.x, minutiae[index].y - m.y) <= parameters.radius + reach
        }
        guard neighbours.count >= parameters.minimumNeighbours else { return false }
        let cosine = cos(m.angle), sine = sin(m.angle)
        let gaussianScale = 1 / (parameters.spatialSigma * (2 * Double.pi).squareRoot())
        let twoSigmaSquared = 2 * parameters.spatialSigma * parameters.spatialSigma
        var validCells = 0
        var sums = [Double](repeating: 0, count: layers)
        for cell in 0..<(cells * cells) {
            let u = (Double(cell % cells) - Double(cells - 1) / 2) * cellSize
            let v = (Double(cell / cells) - Double(cells - 1) / 2) * cellSize
            guard u * u + v * v <= parameters.radius * parameters.radius else { continue }
            let x = m.x + u * cosine - v * sine, y = m.y + u * sine + v * cosine
            guard foreground?.isInside(x: x, y: y, inset: parameters.foregroundInset) ?? true else { continue }
            validCells += 1
            for layer in 0..<layers { sums[layer] = 0 }
            for index in neighbours {
                let t = minutiae[index]
                let dx = t.x - x, dy = t.y - y, distanceSquared = dx * dx + dy * dy
                guard distanceSquared <= reach * reach else { continue }
                let spatial = gaussianScale * exp(-distanceSquared / twoSigmaSquared)
                let step = tableStep(Self.wrapped(m.angle - t.angle))
                for layer in 0..<layers { sums[layer] += spatial * directionalTable[layer][step] }
            }
            let word = cell / 64, bit = UInt64(1) << UInt64(cell % 64)
            words[offset + valueWords + word] |= bit
            for layer in 0..<layers where sums[layer] > parameters.contributionThreshold {
                words[offset + layer * cellWords + word] |= bit
            }
        }
        fillCountPlanes(&words, at: offset)
        return Double(validCells) >= parameters.minimumValidCells * Double(insideCells)
    }

    /// Adds each layer's grid into the bit-sliced per-cell counts (a ripple-carry add per word).
    private func fillCountPlanes(_ words: inout [UInt64], at offset: Int) {
        for word in 0..<cellWords {
            for layer in 0..<layers {
                var carry = words[offset + layer * cellWords + word]
                for plane in 0..<planes where carry != 0 {
                    let index = offset + planeOffset + plane * cellWords + word
                    let next = words[index] & carry
                    words[index] ^= carry
                    carry = next
                }
            }
        }
    }

    private func tableStep(_ difference: Double) -> Int {
        let step = Int(((difference + .pi) / (2 * .pi) * Double(Self.tableSize)).rounded())
        return step % Self.tableSize
    }
}
