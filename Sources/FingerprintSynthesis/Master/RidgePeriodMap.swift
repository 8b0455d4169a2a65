/// The local ridge period (pixels per ridge) of a master fingerprint.
///
/// As in SFinGe's frequency map, ridges are wider apart above the cores and below the deltas than
/// between them, with a smooth random variation of several per cent on top: the insertions and
/// removals of ridges it forces are where most minutiae form.
public struct RidgePeriodMap: Sendable {
    /// The finger's mean period in pixels.
    public let meanPeriod: Double
    let stretch: Double
    let variationShare: Double
    let upperRow: Double
    let lowerRow: Double
    let variation: SmoothNoise

    init(meanPeriod: Double, stretch: Double, variation variationShare: Double, orientation: OrientationModel,
         using generator: inout Xoshiro256) {
        self.meanPeriod = meanPeriod
        self.stretch = stretch
        self.variationShare = variationShare
        let rows = orientation.singularPoints.map(\.y)
        let centre = orientation.archHump.row
        upperRow = rows.min() ?? centre - 3 * meanPeriod
        lowerRow = rows.max() ?? centre + 3 * meanPeriod
        variation = SmoothNoise(waveCount: 6, wavelengths: (6 * meanPeriod)...(20 * meanPeriod), using: &generator)
    }

    /// The period at a pixel.
    public func period(x: Double, y: Double) -> Double {
        let above = min(max((upperRow - y) / (4 * meanPeriod), 0), 1)
        let below = min(max((y - lowerRow) / (4 * meanPeriod), 0), 1)
        return meanPeriod * (1 + stretch * max(above, below)) * (1 + variationShare * variation.value(x: x, y: y))
    }
}
