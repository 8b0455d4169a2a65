/// Every tuning value of the generator in one place. Lengths in ridge periods scale with
/// resolution; lengths in pixels are at the output resolution.
public struct SynthesisParameters: Sendable, Hashable {
    /// Output image size in pixels (masters are generated at the same size).
    public var width: Int
    /// Output image height in pixels.
    public var height: Int
    /// Output resolution; ridge periods scale with it (9–10 px at 500 dpi).
    public var dpi: Double

    // Ridge geometry.
    /// Mean ridge period at 500 dpi, in pixels; each finger draws its own around it.
    public var meanRidgePeriodAt500DPI: Double = 9.0
    /// Spread of a finger's mean period between fingers, in pixels at 500 dpi.
    public var ridgePeriodSpread: Double = 0.5
    /// How much longer periods get above the cores and below the deltas (SFinGe's frequency map).
    public var ridgePeriodStretchOutside: Double = 0.10
    /// Amplitude of the smooth random variation of the period across the finger (share of the period).
    public var ridgePeriodVariation: Double = 0.10

    // Ridge growth (iterative contextual filtering).
    /// Growth runs on a grid up to this many times coarser than the output, then is interpolated
    /// up; the grid keeps about 4 cells per ridge period whatever this says.
    public var growthScale: Int = 2
    /// Random seeds per 100 × 100 output pixels of finger area.
    public var seedsPer10kPixels: Double = 2.0
    /// Orientation and period bins of the Gabor kernel bank.
    public var orientationBins: Int = 36
    /// Period bin width of the kernel bank, output pixels.
    public var periodBinWidth: Double = 0.25
    /// Gaussian widths of the kernels across and along the ridges, in ridge periods.
    public var gaborSigmaAcross: Double = 0.42
    /// Gaussian width along the ridges, in ridge periods.
    public var gaborSigmaAlong: Double = 0.55
    /// Gain applied before clipping to −1…1 each iteration.
    public var growthGain: Double = 1.8
    /// Upper bound on filtering passes.
    public var maxGrowthIterations: Int = 40
    /// Growth stops when this share of the growing area has settled (reached, and no sign change).
    public var settledShare: Double = 0.99

    // Ground-truth minutiae.
    /// Minutiae nearer the finger's edge than this (ridge periods) are not ground truth.
    public var minutiaBorderMargin: Double = 1.2
    /// Minutiae closer to each other than this (ridge periods) are artefacts and both dropped.
    public var minutiaMinimumSeparation: Double = 0.6
    /// Skeleton pixels followed to measure a minutia's direction, in ridge periods.
    public var minutiaTraceLength: Double = 1.0

    // Impressions.
    /// Standard deviation of the finger's displacement, as a share of the image size.
    public var displacementDeviation: Double = 0.05
    /// Standard deviation of the rotation, in degrees (clamped to 2.5 deviations).
    public var rotationDeviationDegrees: Double = 7
    /// Largest elastic (plastic) displacement at the edge of the contact region, in pixels at 500 dpi.
    public var maxElasticDisplacement: Double = 7
    /// Contact region semi-axes as a share of the finger's, drawn uniformly in this range.
    public var contactShare: ClosedRange<Double> = 0.72...1.0
    /// Ridge-threshold shift from pressure and skin: negative thickens ridges (wet, pressed), positive
    /// thins and breaks them (dry, light).
    public var pressureRange: ClosedRange<Double> = -0.35...0.45
    /// Strength of the patchy dryness noise and of the per-pixel sensor noise (gray levels).
    public var drynessPatchStrength: Double = 0.45
    /// Per-pixel sensor noise amplitude, gray levels.
    public var sensorNoiseLevels: Double = 10
    /// Gray levels of ridges, valleys and background.
    public var ridgeLevel: Double = 40
    /// Gray level of valleys on the skin.
    public var valleyLevel: Double = 215
    /// Gray level where nothing touches the sensor.
    public var backgroundLevel: Double = 238

    /// Defaults for an output of `width` × `height` pixels at `dpi`.
    public init(width: Int = 400, height: Int = 400, dpi: Double = 500) {
        self.width = width
        self.height = height
        self.dpi = dpi
    }

    /// Pixels per ridge period at this resolution for the mean finger.
    public var meanRidgePeriod: Double { meanRidgePeriodAt500DPI * dpi / 500 }
}
