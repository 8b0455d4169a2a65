import BiometricFormats
import Imaging
import Sensors
import SmartCard

/// One thing a flow tells its user interface. A controller's events, in order, are the whole
/// story of an enrollment, a verification, an identification or a practice session; the
/// controller itself draws nothing.
///
/// The set is the union of the Precise toolkit's GUI calls (swipe requested, image, quality and
/// area, prompts, processing, accepted/rejected), the Veridium instruction set and Aware's capture
/// statuses, narrowed to what a swipe sensor can report.
public enum BiometryEvent: Sendable {
    /// The flow wants a swipe or a press: which finger, which one of how many ("swipe 2 of 3").
    case swipeRequested(SwipeRequest)
    /// Whether the sensor wants a finger or has one (fprintd's finger-needed and finger-present).
    case finger(FingerPresence)
    /// Where the capture is: capturing, completed, timed out, aborted or cancelled.
    case captureStatus(CaptureStatus)
    /// The sensor delivered the strips of one swipe (frames or kept lines).
    case framesArrived(count: Int)
    /// The stitched, upright image and the sensor's raw assembly.
    case image(SwipeImages)
    /// The swipe's quality and ridge area, with the minimums the flow applies.
    case quality(QualityReading)
    /// Something the person should do differently on the next swipe.
    case instruction(Instruction)
    /// The flow waits for the person; answer through the controller (next step or cancel).
    case prompt(Prompt)
    /// Work that does not need the person started (extraction, matching, card commands).
    case processingStarted(ProcessingStep)
    /// That work ended.
    case processingStopped(ProcessingStep)
    /// A swipe passed the flow's gates (for enrollment it counts towards the N swipes).
    case swipeAccepted(SwipeRequest)
    /// A swipe failed the flow's gates; the instructions say why.
    case swipeRejected([Instruction])
    /// The swipe enrollment chose as the reference.
    case chosenImage(ChosenImage)
    /// A comparison came out as a match.
    case matchAccepted(MatchReport)
    /// A comparison came out as no match.
    case matchRejected(MatchReport)
    /// Practice moved to one of its four steps, for a sensor of this kind.
    case practiceStep(PracticeStep, ScanKind)
    /// A sensor or card came or went (the accessory and card sound events of the toolkit).
    case device(DeviceEvent)
    /// The flow's result; always the last event.
    case finished(FlowOutcome)
}

/// A request for one swipe.
public struct SwipeRequest: Sendable, Hashable {
    /// Why the swipe is wanted.
    public enum Purpose: String, Sendable, Hashable, Codable {
        case enrollment, verification, identification, practice
    }

    /// The finger wanted; nil when any finger will do.
    public var finger: Finger?
    /// 1 for the first swipe.
    public var number: Int
    /// How many accepted swipes the flow needs; nil when it goes on until something happens.
    public var total: Int?
    /// What the swipe is for.
    public var purpose: Purpose
    /// Whether the person swipes or places the finger (the sensor's kind; the flow fills it in).
    public var scanKind: ScanKind

    /// A request for swipe `number` of `total`.
    public init(finger: Finger?, number: Int, total: Int?, purpose: Purpose, scanKind: ScanKind = .swipe) {
        self.finger = finger
        self.number = number
        self.total = total
        self.purpose = purpose
        self.scanKind = scanKind
    }
}

/// The capture statuses of one swipe (Aware's set).
public enum CaptureStatus: Sendable, Hashable {
    /// The sensor is armed and waits for the finger, then reads it.
    case capturing
    /// The swipe was read and processed (whether or not it was good).
    case completed
    /// No finger arrived within the timeout.
    case timedOut
    /// The sensor failed or vanished; the text says how.
    case aborted(String)
    /// The person or the program cancelled the flow.
    case cancelled
}

/// The two images of one swipe.
public struct SwipeImages: Sendable {
    /// Upright, dark ridges on white: what extraction sees.
    public let processed: GrayImage
    /// The assembly before normalisation, in the sensor's orientation and polarity.
    public let raw: GrayImage?

    /// Both images of a swipe.
    public init(processed: GrayImage, raw: GrayImage?) {
        self.processed = processed
        self.raw = raw
    }
}

/// The swipe whose template became the enrolled reference.
public struct ChosenImage: Sendable {
    /// Its image.
    public let image: GrayImage
    /// Which accepted swipe it was (1-based).
    public let swipeNumber: Int
}

/// Work a flow does without the person.
public enum ProcessingStep: String, Sendable, Hashable, Codable {
    /// Minutiae and quality from the image.
    case extraction
    /// Choosing and checking the reference from the accepted swipes.
    case consolidation
    /// Comparing against stored references (host) or sending the probe (card).
    case matching
    /// Writing the reference to the store or the card.
    case storing
}

/// A sensor or card appearing or going away.
public enum DeviceEvent: Sendable, Hashable {
    /// The sensor was found and opened (the accessory-connected event).
    case sensorAttached(name: String)
    /// The sensor vanished or failed (the accessory-disconnected event).
    case sensorDetached(reason: String)
    /// A card was found in the reader.
    case cardInserted(reader: String)
    /// The card left the reader during the flow.
    case cardRemoved(reader: String)
}
