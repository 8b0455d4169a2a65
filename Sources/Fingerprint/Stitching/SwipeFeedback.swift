/// Something the user did that spoiled a swipe and can fix by swiping again.
///
/// These are outcomes, not errors: a capture that produced feedback still returns normally.
public enum SwipeFeedback: String, Sendable, Hashable, Codable, CaseIterable {
    /// The finger covered too little of its length (a partial swipe).
    case tooShort
    /// The finger moved faster than the sensor can follow: consecutive strips do not overlap.
    case tooFast
    /// The finger drifted sideways too much.
    case tooSkewed
    /// Too little of the image shows ridges.
    case tooLittleArea
    /// The finger stayed on the sensor after the swipe.
    case fingerNotRemoved

    /// One short sentence for the person swiping.
    public var advice: String {
        switch self {
        case .tooShort: "swipe too short, swipe the whole finger from the first joint to the tip"
        case .tooFast: "too fast, swipe again more slowly"
        case .tooSkewed: "swipe skewed, swipe straight along the sensor"
        case .tooLittleArea: "too little of the finger was seen, press flat and swipe again"
        case .fingerNotRemoved: "finger not removed, lift the finger after the swipe"
        }
    }
}
