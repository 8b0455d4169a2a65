#if canImport(Glibc)
import Glibc
#endif

/// Everything that differs between two touches of the same finger: placement, distortion,
/// contact, pressure, skin condition, contrast and the noise seeds. Drawn at random by
/// ``random(for:parameters:using:)``, or set by hand (a simulated sensor can ask for a specific placement).
public struct ImpressionConditions: Sendable {
    /// Where master points land in the image.
    public var transform: ImpressionTransform
    /// The part of the finger that touched, in master pixels.
    public var contact: ContactRegion
    /// Ridge-threshold shift: negative thickens ridges (wet, pressed hard), positive thins them (dry).
    public var pressure: Double
    /// Strength of the patchy dryness that breaks ridges.
    public var dryness: Double
    /// Share of the full ridge-to-valley contrast the sensor records, 0…1.
    public var contrast: Double
    /// Per-pixel sensor noise, gray levels.
    public var noiseLevel: Double
    /// Seed of the per-pixel sensor noise and of the dryness patches.
    public var noiseSeed: UInt64

    /// Conditions set by hand.
    public init(transform: ImpressionTransform, contact: ContactRegion, pressure: Double, dryness: Double,
                contrast: Double = 1, noiseLevel: Double = 10, noiseSeed: UInt64) {
        self.transform = transform
        self.contact = contact
        self.pressure = pressure
        self.dryness = dryness
        self.contrast = contrast
        self.noiseLevel = noiseLevel
        self.noiseSeed = noiseSeed
    }

    /// Conditions drawn for one touch of `master`.
    public static func random(for master: MasterFingerprint, parameters: SynthesisParameters,
                              using generator: inout Xoshiro256) -> ImpressionConditions {
        let contact = randomContact(for: master, parameters: parameters, using: &generator)
        let transform = ImpressionTransform(
            rotation: generator.normal(deviation: parameters.rotationDeviationDegrees, limit: 2.5) * .pi / 180,
            translationX: generator.normal(deviation: parameters.displacementDeviation * Double(master.width), limit: 2.5),
            translationY: generator.normal(deviation: parameters.displacementDeviation * Double(master.height), limit: 2.5),
            centerX: master.shape.centerX, centerY: master.shape.centerY,
            distortion: randomDistortion(within: contact, master: master, parameters: parameters, using: &generator))
        // A wet finger presses thick, merged ridges; a dry one thin, broken ones.
        let moisture = master.traits.moisture
        let pressure = generator.uniform(parameters.pressureRange) - 0.2 * moisture
        let dryness = generator.uniform(0...parameters.drynessPatchStrength) * (1 - 0.6 * moisture)
        return ImpressionConditions(transform: transform, contact: contact, pressure: pressure, dryness: dryness,
                                    contrast: generator.uniform(parameters.contrastRange),
                                    noiseLevel: generator.uniform(parameters.sensorNoiseLevels), noiseSeed: generator.next())
    }

    /// The touching part: an ellipse around a displaced centre, anything from most of the finger
    /// to a third of it.
    private static func randomContact(for master: MasterFingerprint, parameters: SynthesisParameters,
                                      using generator: inout Xoshiro256) -> ContactRegion {
        let shape = master.shape
        let share = generator.uniform(parameters.contactShare)
        let offset = parameters.contactOffsetDeviation
        return ContactRegion(
            centerX: shape.centerX + generator.normal(deviation: offset * Double(master.width)),
            centerY: shape.centerY + generator.normal(deviation: offset * Double(master.height)),
            radiusX: share * (shape.leftHalfWidth + shape.rightHalfWidth) / 2 * generator.uniform(0.85...1.1),
            radiusY: share * (shape.topHeight + shape.straightHeight / 2 + shape.bottomHeight) / 2
                * generator.uniform(1.0...1.3),
            edgeWidth: master.periods.meanPeriod, using: &generator)
    }

    /// The skin's drag and twist during the touch (``ElasticDistortion``).
    private static func randomDistortion(within contact: ContactRegion, master: MasterFingerprint,
                                         parameters: SynthesisParameters,
                                         using generator: inout Xoshiro256) -> ElasticDistortion {
        let maxShift = parameters.maxElasticDisplacement * parameters.dpi / 500
        let dragAngle = generator.uniform(0...(2 * .pi))
        let drag = generator.uniform(0...(0.8 * maxShift))
        let closeContact = generator.uniform(0.3...0.55)
        return ElasticDistortion(
            centerX: contact.centerX, centerY: contact.centerY,
            radiusX: contact.radiusX * closeContact, radiusY: contact.radiusY * closeContact,
            dragX: drag * cos(dragAngle), dragY: drag * sin(dragAngle),
            amplitude: generator.uniform(0...(0.6 * maxShift)), wavelength: 12 * master.periods.meanPeriod,
            using: &generator)
    }
}
