#if canImport(Glibc)
import Glibc
#endif

/// Everything that differs between two touches of the same finger: placement, distortion,
/// contact, pressure and the noise seeds. Drawn at random by ``random(for:parameters:using:)``,
/// or set by hand (a simulated sensor can ask for a specific placement).
public struct ImpressionConditions: Sendable {
    /// Where master points land in the image.
    public var transform: ImpressionTransform
    /// The part of the finger that touched, in master pixels.
    public var contact: ContactRegion
    /// Ridge-threshold shift: negative thickens ridges (wet, pressed hard), positive thins them (dry).
    public var pressure: Double
    /// Strength of the patchy dryness that breaks ridges.
    public var dryness: Double
    /// Seed of the per-pixel sensor noise and of the dryness patches.
    public var noiseSeed: UInt64

    /// Conditions set by hand.
    public init(transform: ImpressionTransform, contact: ContactRegion, pressure: Double, dryness: Double,
                noiseSeed: UInt64) {
        self.transform = transform
        self.contact = contact
        self.pressure = pressure
        self.dryness = dryness
        self.noiseSeed = noiseSeed
    }

    /// Conditions drawn for one touch of `master`.
    public static func random(for master: MasterFingerprint, parameters: SynthesisParameters,
                              using generator: inout Xoshiro256) -> ImpressionConditions {
        let shape = master.shape, period = master.periods.meanPeriod
        let scale = parameters.dpi / 500
        let share = generator.uniform(parameters.contactShare)
        let contact = ContactRegion(
            centerX: shape.centerX + generator.normal(deviation: 0.05 * Double(master.width)),
            centerY: shape.centerY + generator.normal(deviation: 0.05 * Double(master.height)),
            radiusX: share * (shape.leftHalfWidth + shape.rightHalfWidth) / 2 * generator.uniform(0.9...1.1),
            radiusY: share * (shape.topHeight + shape.straightHeight / 2 + shape.bottomHeight) / 2 * 1.15,
            edgeWidth: period, using: &generator)
        let maxShift = parameters.maxElasticDisplacement * scale
        let dragAngle = generator.uniform(0...(2 * .pi))
        let drag = generator.uniform(0...(0.7 * maxShift))
        let distortion = ElasticDistortion(
            centerX: contact.centerX, centerY: contact.centerY,
            radiusX: contact.radiusX * 0.45, radiusY: contact.radiusY * 0.45,
            dragX: drag * cos(dragAngle), dragY: drag * sin(dragAngle),
            amplitude: generator.uniform(0...(0.6 * maxShift)), wavelength: 12 * period, using: &generator)
        let transform = ImpressionTransform(
            rotation: generator.normal(deviation: parameters.rotationDeviationDegrees, limit: 2.5) * .pi / 180,
            translationX: generator.normal(deviation: parameters.displacementDeviation * Double(master.width), limit: 2.5),
            translationY: generator.normal(deviation: parameters.displacementDeviation * Double(master.height), limit: 2.5),
            centerX: shape.centerX, centerY: shape.centerY, distortion: distortion)
        return ImpressionConditions(transform: transform, contact: contact,
                                    pressure: generator.uniform(parameters.pressureRange),
                                    dryness: generator.uniform(0...parameters.drynessPatchStrength),
                                    noiseSeed: generator.next())
    }
}
