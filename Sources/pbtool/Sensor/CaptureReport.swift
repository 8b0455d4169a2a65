import Biometry
import Fingerprint
import Sensors
import USB

/// What `sensor capture` reports, also its JSON shape.
struct CaptureReport: Encodable {
    struct Image: Encodable {
        let path: String
        let width: Int
        let height: Int
        let dpi: Double
    }

    /// The engine's judgement of the image for enrollment.
    struct Quality: Encodable {
        /// 0–100; nil without an image.
        let score: Int?
        let minutiae: Int
        let areaSquareMillimetres: Double
        let enrollable: Bool
        /// What an enrollment would tell the person (empty when enrollable).
        let problems: [Instruction]
        let minimumScore: Int
        let minimumMinutiae: Int
        let minimumAreaSquareMillimetres: Double

        init(_ assessment: CaptureAssessment, gates: SwipeGates) {
            score = assessment.reading.quality
            minutiae = assessment.minutiae
            areaSquareMillimetres = (assessment.reading.area * 10).rounded() / 10
            enrollable = assessment.isEnrollable
            problems = assessment.instructions
            (minimumScore, minimumMinutiae, minimumAreaSquareMillimetres) = (gates.minimumQuality, gates.minimumMinutiae, gates.minimumArea)
        }
    }

    let sensor: String
    let sensorName: String
    let usbID: String?
    let node: String?
    let accepted: Bool
    /// Feedback names (`tooFast`, …); empty for a good swipe.
    let feedback: [SwipeFeedback]
    let advice: [String]
    /// Nil when the strips made no image.
    let image: Image?
    /// `press` or `swipe`.
    let scanType: ScanKind
    /// `frames`, `lines` or `image`.
    let stripKind: String
    /// Frames kept, lines kept, or 1 for an image.
    let strips: Int
    let direction: SwipeDirection?
    /// Nil for a press sensor (a single capture does not wait for the lift).
    let fingerRemoved: Bool?
    /// USB transfers since the sensor was opened (initialisation, capture, re-arming).
    let transfers: Int
    /// USB transfers of the capture alone.
    let captureTransfers: Int
    let stitchingMilliseconds: Double
    let quality: Quality

    init(result: SensorCapture.Result, profile: SensorProfile, device: USBDevice?, imagePath: String,
         assessment: CaptureAssessment, gates: SwipeGates) {
        sensor = profile.id
        sensorName = profile.name
        usbID = device?.id.description
        node = device?.nodePath
        accepted = result.stitched.isAccepted
        feedback = result.stitched.feedback
        advice = feedback.map(\.advice)
        image = result.stitched.image.map { Image(path: imagePath, width: $0.width, height: $0.height, dpi: $0.dpi) }
        scanType = profile.kind
        switch result.stitched.details {
        case .frames(let motion):
            (stripKind, direction) = ("frames", motion?.direction)
        case .lines:
            (stripKind, direction) = ("lines", nil)
        case .image:
            (stripKind, direction) = ("image", nil)
        }
        strips = result.strips.count
        fingerRemoved = result.fingerRemoved
        transfers = result.transfersSinceOpen
        captureTransfers = result.transfers
        let (seconds, attoseconds) = result.stitchingTime.components
        stitchingMilliseconds = ((Double(seconds) * 1000 + Double(attoseconds) / 1e15) * 1000).rounded() / 1000
        quality = Quality(assessment, gates: gates)
    }

    var lines: [String] {
        let via = usbID.map { " (\($0))" } ?? ""
        let kind = switch stripKind {
        case "frames": "\(strips) frames" + (direction.map { ", \($0.rawValue) swipe" } ?? "")
        case "lines": "\(strips) lines kept"
        default: scanType == .press ? "one press" : "one image assembled by the sensor"
        }
        let usb = usbID == nil ? "" : ", \(transfers) USB transfers"
        guard let image else {
            return ["No image from \(sensorName)\(via): \(kind)\(usb)."]
        }
        return ["Captured \(image.width)×\(image.height) at \(Int(image.dpi)) dpi from \(sensorName)\(via): "
                + "\(kind)\(usb) → \(image.path)", qualityLine]
    }

    /// `Quality 62, 31 minutiae, 140 mm²: good enough to enrol.`
    private var qualityLine: String {
        let score = quality.score.map(String.init) ?? "-"
        let measured = "Quality \(score), \(quality.minutiae) minutiae, \(Int(quality.areaSquareMillimetres.rounded())) mm²"
        guard !quality.enrollable else { return measured + ": good enough to enrol." }
        return measured + ": too poor to enrol (needs quality \(quality.minimumScore), \(quality.minimumMinutiae) minutiae, "
            + "\(Int(quality.minimumAreaSquareMillimetres)) mm²)."
    }
}
