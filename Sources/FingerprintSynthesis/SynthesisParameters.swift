/// Every tuning value of the generator in one place. Lengths in ridge periods scale with
/// resolution; lengths in pixels are at the output resolution unless they say 500 dpi. Ranges are
/// what one finger (or one impression) draws its own value from, uniformly.
public struct SynthesisParameters: Sendable, Hashable {
    /// Output image size in pixels (masters are generated at the same size).
    public var width: Int
    /// Output image height in pixels.
    public var height: Int
    /// Output resolution; ridge periods scale with it.
    public var dpi: Double

    // The population: how fingers differ (FingerTraits).
    /// Mean ridge period of the mean finger at 500 dpi, pixels.
    public var meanRidgePeriodAt500DPI: Double = 8.2
    /// Standard deviation of a finger's mean period between fingers, pixels at 500 dpi.
    public var ridgePeriodSpread: Double = 0.7
    /// How much longer periods get above the cores and below the deltas (SFinGe's frequency map).
    public var ridgePeriodStretchOutside: ClosedRange<Double> = 0.04...0.18
    /// Amplitude of the smooth random variation of the period across the finger (share of the period).
    public var ridgePeriodVariation: ClosedRange<Double> = 0.03...0.1
    /// Ridge-growth seeds per 100 × 100 output pixels of finger area.
    public var seedsPer10kPixels: ClosedRange<Double> = 2.0...6.0
    /// Minutiae planted per 100 × 100 output pixels of finger area, on top of those the ridge
    /// flow forces (``GrowthStart``).
    public var plantedMinutiaePer10kPixels: ClosedRange<Double> = 1.0...3.0
    /// Planted minutiae lie at least this many ridge periods apart.
    public var plantedMinutiaSpacing: Double = 2.5
    /// Ridge/valley level shift: sets the balance of ridge endings and bifurcations.
    public var ridgeBalance: ClosedRange<Double> = -0.2...0.2
    /// How straight the legs of loops and the arms of deltas run (0: plain zero-pole model).
    public var singularStraightening: ClosedRange<Double> = 0.6...0.95
    /// Deviation of the orientation corrections around singular points, radians.
    public var orientationCorrection: ClosedRange<Double> = 0.05...0.16
    /// Amplitude of the smooth bend of the ridge flow, radians.
    public var orientationBend: ClosedRange<Double> = 0.06...0.16
    /// Amplitude of the ridges' wandering over a few ridge periods, radians.
    public var orientationWobble: ClosedRange<Double> = 0.0...0.0
    /// Chance that a finger has creases, and that it has a scar.
    public var creaseChance: Double = 0.3
    public var scarChance: Double = 0.04

    // Ridge growth (iterative contextual filtering).
    /// Growth runs on a grid up to this many times coarser than the output, then is interpolated
    /// up; the grid keeps about 4 cells per ridge period whatever this says.
    public var growthScale: Int = 2
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
    public var displacementDeviation: Double = 0.06
    /// Standard deviation of the rotation, in degrees (clamped to 2.5 deviations).
    public var rotationDeviationDegrees: Double = 12
    /// Largest elastic (plastic) displacement at the edge of the contact region, in pixels at 500 dpi.
    public var maxElasticDisplacement: Double = 26
    /// Contact region semi-axes as a share of the finger's.
    public var contactShare: ClosedRange<Double> = 0.75...1.15
    /// Standard deviation of the contact centre's offset from the finger's, as a share of the image size.
    public var contactOffsetDeviation: Double = 0.06
    /// Ridge-threshold shift from pressure: negative thickens ridges (pressed), positive thins and
    /// breaks them (light); each finger's moisture shifts it further.
    public var pressureRange: ClosedRange<Double> = -0.35...0.45
    /// Strength of the patchy dryness that breaks ridges.
    public var drynessPatchStrength: Double = 1.0
    /// Strength of the skin's fine texture (pores, uneven ridge edges) on the ridge threshold.
    public var skinTexture: Double = 0
    /// Size of the texture's cells, in ridge periods.
    public var skinTextureCell: Double = 0.3
    /// Share of the full ridge-to-valley contrast an impression records.
    public var contrastRange: ClosedRange<Double> = 0.55...1.0
    /// Per-pixel sensor noise amplitude, gray levels.
    public var sensorNoiseLevels: ClosedRange<Double> = 6...18
    /// Gray levels of ridges at full contrast.
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
