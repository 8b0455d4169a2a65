import Foundation

/// The geometry of a cylinder and the tables used to fill one.
struct CylinderLayout {
    let cells: Int
    let layers: Int
    let cellSize: Double
    let wordCount: Int
    /// Cells whose centre lies within the radius.
    let insideCells: Int
    /// Directional contribution by angle difference, sampled over `-π...π` for each layer.
    let directionalTable: [[Double]]
    static let tableSize = 256

    init(parameters: MatchingParameters) {
        cells = parameters.spatialCells
        layers = parameters.directionalCells
        cellSize = 2 * parameters.radius / Double(cells)
        wordCount = (cells * cells * layers + 63) / 64
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
        var insideCells = 0, validCells = 0
        for j in 0..<cells {
            for i in 0..<cells {
                let u = (Double(i) - Double(cells - 1) / 2) * cellSize
                let v = (Double(j) - Double(cells - 1) / 2) * cellSize
                guard u * u + v * v <= parameters.radius * parameters.radius else { continue }
                insideCells += 1
                let x = m.x + u * cosine - v * sine, y = m.y + u * sine + v * cosine
                guard foreground?.isInside(x: x, y: y, inset: parameters.foregroundInset) ?? true else { continue }
                validCells += 1
                var sums = [Double](repeating: 0, count: layers)
                for index in neighbours {
                    let t = minutiae[index]
                    let dx = t.x - x, dy = t.y - y, distanceSquared = dx * dx + dy * dy
                    guard distanceSquared <= reach * reach else { continue }
                    let spatial = gaussianScale * exp(-distanceSquared / twoSigmaSquared)
                    let step = tableStep(Self.wrapped(m.angle - t.angle))
                    for layer in 0..<layers { sums[layer] += spatial * directionalTable[layer][step] }
                }
                let cell = j * cells + i
                for layer in 0..<layers {
                    let bit = cell * layers + layer
                    words[offset + wordCount + bit / 64] |= 1 << UInt64(bit % 64)
                    if sums[layer] > parameters.contributionThreshold {
                        words[offset + bit / 64] |= 1 << UInt64(bit % 64)
                    }
                }
            }
        }
        return Double(validCells) >= parameters.minimumValidCells * Double(insideCells)
    }

    private func tableStep(_ difference: Double) -> Int {
        let step = Int(((difference + .pi) / (2 * .pi) * Double(Self.tableSize)).rounded())
        return step % Self.tableSize
    }
}
