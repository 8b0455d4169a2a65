/// What makes one synthetic finger unlike another beyond its class and singular points: drawn once
/// per finger from the ranges in ``SynthesisParameters``, so that a data set is a population with
/// real fingers' spread rather than one finger's family.
public struct FingerTraits: Sendable, Hashable, Codable {
    /// Mean ridge period of the finger, output pixels.
    public var meanPeriod: Double
    /// Amplitude of the smooth random variation of the period across the finger (share of the period):
    /// the ridges it forces in and out are where most minutiae form, so it sets the minutiae density.
    public var periodVariation: Double
    /// How much longer the period gets above the cores and below the deltas (SFinGe's density map).
    public var periodStretch: Double
    /// Ridge-growth seeds per 100 × 100 pixels.
    public var seedDensity: Double
    /// Minutiae planted per 100 × 100 pixels before the growth, beyond those the flow forces.
    public var plantedMinutiaDensity: Double
    /// The ridge-field level that separates ridge from valley on this finger: above 0 thins the
    /// ridges (more ridge endings), below 0 thickens them (more bifurcations).
    public var ridgeBalance: Double
    /// How straight and evenly spaced the legs of loops and the arms of deltas run, 0…1
    /// (``SingularPointShape``).
    public var singularStraightening: Double
    /// Standard deviation of the orientation corrections around each singular point, radians.
    public var orientationCorrection: Double
    /// Amplitude of the smooth bend of the ridge flow, radians.
    public var orientationBend: Double
    /// Amplitude of the ridges' wandering over a few ridge periods, radians.
    public var orientationWobble: Double
    /// The skin, −1 dry … +1 wet: shifts the pressure and dryness of every impression.
    public var moisture: Double

    /// Traits drawn for one finger.
    static func random(parameters: SynthesisParameters, using generator: inout Xoshiro256) -> FingerTraits {
        let scale = parameters.dpi / 500
        let period = parameters.meanRidgePeriodAt500DPI
            + generator.normal(deviation: parameters.ridgePeriodSpread, limit: 2.5)
        return FingerTraits(
            meanPeriod: period * scale,
            periodVariation: generator.uniform(parameters.ridgePeriodVariation),
            periodStretch: generator.uniform(parameters.ridgePeriodStretchOutside),
            seedDensity: generator.uniform(parameters.seedsPer10kPixels),
            plantedMinutiaDensity: generator.uniform(parameters.plantedMinutiaePer10kPixels),
            ridgeBalance: generator.uniform(parameters.ridgeBalance),
            singularStraightening: generator.uniform(parameters.singularStraightening),
            orientationCorrection: generator.uniform(parameters.orientationCorrection),
            orientationBend: generator.uniform(parameters.orientationBend),
            orientationWobble: generator.uniform(parameters.orientationWobble),
            moisture: generator.uniform(-1...1))
    }
}
