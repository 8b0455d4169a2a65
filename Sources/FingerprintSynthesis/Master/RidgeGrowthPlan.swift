/// Prepares ridge growth for one master: the coarse grid, each cell's kernel, the start (random
/// seeds and planted minutiae, ``GrowthStart``), and the interpolation of the settled field back
/// to full resolution.
struct RidgeGrowthPlan {
    let parameters: SynthesisParameters
    let shape: FingerShape
    let orientation: OrientationModel
    let periods: RidgePeriodMap
    /// The finger's own seed and planted-minutia densities.
    let traits: FingerTraits

    /// Grows the pattern; returns the full-resolution field and the passes it took.
    func run(using generator: inout Xoshiro256) -> (field: [Float], iterations: Int) {
        // The coarse grid must keep about 4 cells per ridge period (3.5 at worst) for the kernels to resolve it.
        let scale = max(1, min(parameters.growthScale, Int((periods.meanPeriod / 4).rounded())))
        let columns = (parameters.width + scale - 1) / scale, rows = (parameters.height + scale - 1) / scale
        let step = Double(scale)
        let centres = (0..<(columns * rows)).map { (cell: Int) -> (x: Double, y: Double) in
            let column = Double(cell % columns), row = Double(cell / columns)
            return ((column + 0.5) * step, (row + 0.5) * step)
        }
        // Let ridges run a period past the silhouette so impressions fade out instead of stopping dead.
        let grows = centres.map { shape.depth(x: $0.x, y: $0.y) > -periods.meanPeriod }
        let cellPeriods = centres.map { periods.period(x: $0.x, y: $0.y) / Double(scale) }
        let active = cellPeriods.indices.filter { grows[$0] }.map { cellPeriods[$0] }
        let bank = GaborKernelBank(periods: (active.min() ?? 4)...(active.max() ?? 5),
                                   binWidth: parameters.periodBinWidth / Double(scale),
                                   orientationBins: parameters.orientationBins,
                                   sigmaAcross: parameters.gaborSigmaAcross, sigmaAlong: parameters.gaborSigmaAlong)
        let kernels = centres.indices.map { cell -> Int32 in
            guard grows[cell] else { return -1 }
            let angle = orientation.orientation(x: centres[cell].x, y: centres[cell].y)
            return Int32(bank.index(orientation: angle, period: cellPeriods[cell]))
        }
        let growth = RidgeGrowth(width: columns, height: rows, bank: bank, kernelIndex: kernels)
        let start = GrowthStart(columns: columns, rows: rows, scale: scale, plan: self)
            .values(using: &generator)
        let grown = growth.grow(start: start, gain: Float(parameters.growthGain), maxIterations: parameters.maxGrowthIterations,
                                settledShare: parameters.settledShare)
        return (upsampled(grown.field, columns: columns, rows: rows, scale: scale), grown.iterations)
    }

    /// Bilinear interpolation of the coarse field to full resolution; zero off the finger.
    private func upsampled(_ field: [Float], columns: Int, rows: Int, scale: Int) -> [Float] {
        let width = parameters.width, height = parameters.height
        var out = [Float](repeating: 0, count: width * height)
        let inverse = 1 / Float(scale)
        for y in 0..<height {
            let gy = min(max((Float(y) + 0.5) * inverse - 0.5, 0), Float(rows - 1))
            let row = min(Int(gy), rows - 2 < 0 ? 0 : rows - 2), fy = gy - Float(row)
            for x in 0..<width {
                let gx = min(max((Float(x) + 0.5) * inverse - 0.5, 0), Float(columns - 1))
                let column = min(Int(gx), columns - 2 < 0 ? 0 : columns - 2), fx = gx - Float(column)
                let i = row * columns + column
                let next = rows > 1 ? columns : 0, right = columns > 1 ? 1 : 0
                let top = field[i] * (1 - fx) + field[i + right] * fx
                let bottom = field[i + next] * (1 - fx) + field[i + next + right] * fx
                out[y * width + x] = top * (1 - fy) + bottom * fy
            }
        }
        return out
    }
}
