import Fingerprint

/// What the person should do differently: the Veridium instruction set. The swipe-only ones
/// (too fast, too short, skewed) never come from a press sensor; the others are worded for both.
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
        case .removeFinger: "Lift the finger off the sensor before the next try."
        case .tooLittleArea: "Too little of the finger was seen: put it flat on the sensor and try again."
        case .lowQuality: "The ridges were unclear: clean and dry the finger, then try again."
        case .swipeSameFinger: "The captures did not agree: use the same finger again."
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
