import Fingerprint

/// What the person should do differently: the Veridium instruction set for a swipe sensor.
///
/// Instructions are outcomes a person fixes, never errors.
public enum Instruction: String, Sendable, Hashable, Codable, CaseIterable {
    /// The finger outran the sensor.
    case tooFast
    /// Only part of the finger crossed the sensor.
    case tooShort
    /// The finger drifted sideways.
    case tooSkewed
    /// The finger crossed the sensor off centre.
    case centreFinger
    /// The finger stayed on the sensor after the swipe.
    case removeFinger
    /// Too little of the image shows ridges.
    case tooLittleArea
    /// The ridges are too unclear to use (a dry, wet or smudged finger).
    case lowQuality
    /// Enrollment's swipes do not look like one finger.
    case swipeSameFinger

    /// One short sentence for the person swiping.
    public var advice: String {
        switch self {
        case .tooFast: "Too fast: swipe again more slowly."
        case .tooShort: "Swipe too short: swipe the whole finger, from the first joint to the tip."
        case .tooSkewed: "Swipe skewed: swipe straight along the sensor."
        case .centreFinger: "Off centre: put the middle of the finger on the sensor."
        case .removeFinger: "Lift the finger off the sensor after the swipe."
        case .tooLittleArea: "Too little of the finger was seen: press flat and swipe again."
        case .lowQuality: "The ridges were unclear: clean and dry the finger, then swipe again."
        case .swipeSameFinger: "The swipes did not agree: swipe the same finger again."
        }
    }

    /// The instruction for a sensor's swipe feedback.
    public init(_ feedback: SwipeFeedback) {
        switch feedback {
        case .tooShort: self = .tooShort
        case .tooFast: self = .tooFast
        case .tooSkewed: self = .tooSkewed
        case .tooLittleArea: self = .tooLittleArea
        case .fingerNotRemoved: self = .removeFinger
        }
    }
}
