import Fingerprint
import Imaging

/// A synthetic finger: its class, singular points, silhouette, ridge pattern and ground-truth
/// minutiae, from which any number of impressions are made. Generating one is the slow part of
/// synthesis (see ``MasterFingerprint/generate(seed:fingerClass:parameters:)``); keep it per finger.
public struct MasterFingerprint: Sendable {
    /// Size in pixels and resolution, as the parameters gave them.
    public let width: Int
    public let height: Int
    public let dpi: Double
    /// The seed it was generated from.
    public let seed: UInt64
    public let fingerClass: FingerprintClass
    /// What sets this finger apart from others of its class (period, minutiae density, skin).
    public let traits: FingerTraits
    /// The finger's silhouette.
    public let shape: FingerShape
    /// Ridge orientation everywhere, with the singular points.
    public let orientation: OrientationModel
    /// Ridge period everywhere.
    public let periods: RidgePeriodMap
    /// The grown ridge field, `width` × `height`, −1…1 with ridges positive, shifted by the
    /// finger's ridge balance and with its creases and scars pressed in; about 0 off the finger.
    public let ridgeField: [Float]
    /// Creases and scars.
    public let marks: SkinMarks
    /// Minutiae on the master's binary ridge pattern, in master pixels.
    public let minutiae: [Minutia]
    /// Filtering passes the growth needed to settle.
    public let growthIterations: Int

    /// Cores and deltas, master pixels.
    public var singularPoints: [SingularPoint] { orientation.singularPoints }

    /// The binary ridge pattern as a picture: ridges black, valleys and background white.
    public var ridgePattern: GrayImage {
        GrayImage(width: width, height: height, dpi: dpi, pixels: ridgeField.map { $0 > 0 ? 0 : 255 })
    }

    init(width: Int, height: Int, dpi: Double, seed: UInt64, fingerClass: FingerprintClass, traits: FingerTraits,
         shape: FingerShape, orientation: OrientationModel, periods: RidgePeriodMap, ridgeField: [Float],
         marks: SkinMarks, minutiae: [Minutia], growthIterations: Int) {
        self.width = width
        self.height = height
        self.dpi = dpi
        self.seed = seed
        self.fingerClass = fingerClass
        self.traits = traits
        self.shape = shape
        self.orientation = orientation
        self.periods = periods
        self.ridgeField = ridgeField
        self.marks = marks
        self.minutiae = minutiae
        self.growthIterations = growthIterations
    }
}
