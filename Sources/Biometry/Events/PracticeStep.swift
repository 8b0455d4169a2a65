import Sensors

/// The four steps of practice: learn where to put the finger, how fast and how straight to
/// swipe, then practise freely with live quality and area.
public enum PracticeStep: Int, Sendable, Hashable, Codable, CaseIterable {
    case placement = 1, speed, straightness, freePractice

    /// "Step 2 of 4: speed".
    public var title: String {
        "Step \(rawValue) of \(Self.allCases.count): \(name)"
    }

    /// `placement`, `speed`, `straightness`, `free practice`.
    public var name: String {
        switch self {
        case .placement: "placement"
        case .speed: "speed"
        case .straightness: "straightness"
        case .freePractice: "free practice"
        }
    }

    /// What the step teaches, shown before it starts, for a sensor the finger is swiped across
    /// or placed on.
    public func explanation(for kind: ScanKind) -> String {
        kind == .press ? pressExplanation : swipeExplanation
    }

    private var pressExplanation: String {
        switch self {
        case .placement:
            "Put the finger flat on the sensor, centred, with the pad from the first joint to the tip on it."
        case .speed:
            "Hold the finger still until the image appears, then lift it before the next press."
        case .straightness:
            "Place the finger straight along the sensor, not tilted or rolled."
        case .freePractice:
            "Place the finger as often as you like; watch the image, the quality and the area bars."
        }
    }

    private var swipeExplanation: String {
        switch self {
        case .placement:
            "Put the first joint of the finger flat on the sensor, centred, then swipe it towards you."
        case .speed:
            "Swipe at an even, moderate speed: about half a second from the joint to the tip."
        case .straightness:
            "Keep the finger straight along the sensor; do not drift sideways."
        case .freePractice:
            "Swipe as often as you like; watch the image, the quality and the area bars."
        }
    }

    /// The instructions this step checks for; the step is passed by a swipe without them.
    public var watchedInstructions: Set<Instruction> {
        switch self {
        case .placement: [.tooShort, .tooLittleArea, .centreFinger, .removeFinger]
        case .speed: [.tooFast, .tooShort]
        case .straightness: [.tooSkewed]
        case .freePractice: []
        }
    }
}
