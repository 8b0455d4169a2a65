/// The local ridge period (pixels per ridge) of a master fingerprint.
///
/// As in SFinGe's density map, ridges are wider apart above the cores and below the deltas than
/// between them; on top lies a smooth random variation of the finger's own amplitude, at two
/// scales: the broad one makes some regions of a finger finer than others, the fine one forces
/// the ridge insertions and removals where most minutiae form, scattered as real ones are.
public struct RidgePeriodMap: Sendable {
    /// The finger's mean period in pixels.
    public let meanPeriod: Double
    let stretch: Double
    let variationShare: Double
    let upperRow: Double
    let lowerRow: Double
    let broad: SmoothNoise
    let fine: SmoothNoise

    init(traits: FingerTraits, orientation: OrientationModel, using generator: inout Xoshiro256) {
        meanPeriod = traits.meanPeriod
        stretch = traits.periodStretch
        variationShare = traits.periodVariation
        let rows = orientation.singularPoints.map(\.y)
        let centre = orientation.archHump.row
        upperRow = rows.min() ?? centre - 3 * meanPeriod
        lowerRow = rows.max() ?? centre + 3 * meanPeriod
        broad = SmoothNoise(waveCount: 5, wavelengths: (12 * meanPeriod)...(30 * meanPeriod), using: &generator)
        fine = SmoothNoise(waveCount: 8, wavelengths: (3.5 * meanPeriod)...(9 * meanPeriod), using: &generator)
    }

    /// The period at a pixel.
    public func period(x: Double, y: Double) -> Double {
        let above = min(max((upperRow - y) / (4 * meanPeriod), 0), 1)
        let below = min(max((y - lowerRow) / (4 * meanPeriod), 0), 1)
        let variation = 0.5 * broad.value(x: x, y: y) + fine.value(x: x, y: y)
        return meanPeriod * (1 + stretch * max(above, below)) * (1 + variationShare * variation)
    }
}
