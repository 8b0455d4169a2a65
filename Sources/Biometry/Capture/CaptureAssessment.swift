import Fingerprint
import Imaging

/// How one captured image measures up for enrollment: the engine's quality score, the minutiae
/// it found, the finger's area, and what would make an enrollment refuse it.
///
/// The same judgement a flow makes of each swipe or press (``SwipeGates``), for a single capture
/// outside a flow (`pbtool sensor capture`). A capture too poor to enrol is an outcome of the
/// finger or the sensor, not an error of the driver.
public struct CaptureAssessment: Sendable {
    /// Quality and area against the gates' minimums.
    public let reading: QualityReading
    /// Minutiae the extractor found; 0 when there was no image.
    public let minutiae: Int
    /// What an enrollment would tell the person; empty when the capture would be accepted.
    public let instructions: [Instruction]

    /// Judges `stitched` with `engine` against `gates` (enrollment's by default).
    public init(stitched: StitchedSwipe, engine: RecognitionEngine, gates: SwipeGates = .enrollment) {
        let features = stitched.image.map { engine.extract($0) }
        let request = SwipeRequest(finger: nil, number: 1, total: 1, purpose: .enrollment)
        let sample = SwipeSample(request: request, stitched: stitched, features: features, gates: gates,
                                 lastStripAt: ContinuousClock.now)
        reading = sample.reading
        minutiae = features?.minutiae.count ?? 0
        instructions = sample.instructions
    }

    /// Whether an enrollment would accept this capture.
    public var isEnrollable: Bool { instructions.isEmpty }
}
