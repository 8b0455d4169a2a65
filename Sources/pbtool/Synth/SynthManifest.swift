import Fingerprint
import FingerprintSynthesis
import ImageCodecs

/// `manifest.json`: how a synthetic data set was made and what it holds.
struct SynthManifest: Encodable {
    struct ImpressionEntry: Encodable {
        let image: String
        let groundTruth: String
        let minutiae: Int
    }

    struct Finger: Encodable {
        let id: Int
        let fingerClass: String
        /// Decimal text: 64-bit seeds do not survive JSON readers that use doubles.
        let masterSeed: String
        let masterMinutiae: Int
        let singularPoints: [SingularPoint]
        let impressions: [ImpressionEntry]

        enum CodingKeys: String, CodingKey {
            case id, masterSeed, masterMinutiae, singularPoints, impressions
            case fingerClass = "class"
        }
    }

    let generator = "pbtool synth"
    let seed: String
    let fingerCount: Int
    let impressionsPerFinger: Int
    let width: Int
    let height: Int
    let dpi: Double
    let format: String
    let classes: String
    let fingers: [Finger]

    init(dataset: SyntheticDataset, format: ImageFormat, fingers: [Finger]) {
        seed = String(dataset.seed)
        fingerCount = dataset.fingers
        impressionsPerFinger = dataset.impressionsPerFinger
        width = dataset.parameters.width
        height = dataset.parameters.height
        dpi = dataset.parameters.dpi
        self.format = format.rawValue
        classes = dataset.fingerClass?.rawValue ?? "mixed"
        self.fingers = fingers
    }
}

/// `NNN_I.json`: the ground truth of one impression, in that image's pixels.
struct GroundTruth: Encodable {
    struct Placement: Encodable {
        let rotationDegrees: Double
        let translationX: Double
        let translationY: Double
        let pressure: Double
        let dryness: Double
    }

    let finger: Int
    let impression: Int
    let image: String
    let width: Int
    let height: Int
    let dpi: Double
    let fingerClass: String
    /// `Minutia` as encoded by the Fingerprint module: x, y (pixels, y down), direction (radians,
    /// counter-clockwise), kind (1 ending, 2 bifurcation), quality.
    let minutiae: [Minutia]
    let singularPoints: [SingularPoint]
    let placement: Placement

    enum CodingKeys: String, CodingKey {
        case finger, impression, image, width, height, dpi, minutiae, singularPoints, placement
        case fingerClass = "class"
    }

    init(finger: Int, impression number: Int, image: String, impression: Impression) {
        self.finger = finger
        self.impression = number
        self.image = image
        width = impression.image.width
        height = impression.image.height
        dpi = impression.image.dpi
        fingerClass = impression.fingerClass.rawValue
        minutiae = impression.minutiae
        singularPoints = impression.singularPoints
        let transform = impression.conditions.transform
        placement = Placement(rotationDegrees: transform.rotation * 180 / .pi, translationX: transform.translationX,
                              translationY: transform.translationY, pressure: impression.conditions.pressure,
                              dryness: impression.conditions.dryness)
    }
}
