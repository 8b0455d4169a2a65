import Fingerprint
import Sensors

/// One swipe after processing: its image, its features, how it measured up, and what the
/// person should change.
struct SwipeSample: Sendable {
    /// The request it answered.
    let request: SwipeRequest
    /// The stitched image and the sensor's feedback.
    let stitched: StitchedSwipe
    /// Minutiae, foreground and quality; nil when the swipe made no image.
    let features: FingerprintFeatures?
    /// Quality and area against the gates.
    let reading: QualityReading
    /// Everything wrong with the swipe; empty for a usable one.
    let instructions: [Instruction]
    /// When the sensor's last strip was in (for the decision-time benchmark).
    let lastStripAt: ContinuousClock.Instant

    /// Whether the flow may use it.
    var isUsable: Bool { instructions.isEmpty && features != nil }

    /// Judges a stitched swipe against `gates`.
    init(request: SwipeRequest, stitched: StitchedSwipe, features: FingerprintFeatures?, gates: SwipeGates,
         lastStripAt: ContinuousClock.Instant) {
        self.request = request
        self.stitched = stitched
        self.features = features
        self.lastStripAt = lastStripAt
        let coverage = features.map { FingerCoverage($0.foreground) }
        reading = QualityReading(quality: features?.quality, area: coverage?.area ?? 0,
                                 minimumQuality: gates.minimumQuality, minimumArea: gates.minimumArea)
        var found = stitched.feedback.map(Instruction.init)
        if let coverage, abs(coverage.centreOffset) > gates.maximumCentreOffset { found.append(.centreFinger) }
        if features != nil, !reading.areaPasses, !found.contains(.tooLittleArea) { found.append(.tooLittleArea) }
        let tooFewMinutiae = (features?.minutiae.count ?? 0) < gates.minimumMinutiae
        if features != nil, !reading.qualityPasses || tooFewMinutiae { found.append(.lowQuality) }
        if features == nil, found.isEmpty { found.append(.tooShort) }
        instructions = found
    }
}
