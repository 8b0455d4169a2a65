import Fingerprint
import Imaging

/// A fingerprint sensor, press or swipe, driven through one capture at a time.
///
/// The calls follow the sensor's states (``SensorState``) in order:
/// `open()` → `waitForFinger(until:)` → `capture(until:)` → `waitForFingerOff(until:)`
/// → (again from `waitForFinger`) … → `close()`. Calls are synchronous and run on the caller's
/// thread; a sensor is not shared between threads. Whether the person places or swipes the
/// finger is the profile's ``SensorProfile/kind``; nothing else about the calls differs.
public protocol FingerprintSensor: AnyObject {
    /// Kind, geometry, resolution, assembly and thresholds of this sensor model.
    var profile: SensorProfile { get }
    /// Where the sensor is in its life cycle; ``SensorState/fingerPresence`` says whether a
    /// finger is wanted or on the sensor.
    var state: SensorState { get }
    /// Transfers completed so far (0 for a simulated sensor).
    var transferCount: Int { get }
    /// The timeout of each USB transfer; starts at the profile's value (ignored when simulated).
    var transferTimeout: Duration { get set }
    /// Takes the device and runs its initialisation: inactive → activating → idle.
    func open() throws
    /// Returns when a finger is on the sensor: idle → awaitingFingerOn → capturing.
    /// Throws ``SensorError/noFinger(waited:)`` at the deadline.
    func waitForFinger(until deadline: ContinuousClock.Instant) throws
    /// Reads the finger (strips of a swipe, or the image of a press) until the sensor's stop
    /// rule fires: capturing → awaitingFingerOff.
    func capture(until deadline: ContinuousClock.Instant) throws -> SensorReadout
    /// Returns true when the finger has left (and the sensor is ready for the next capture):
    /// awaitingFingerOff → idle.
    func waitForFingerOff(until deadline: ContinuousClock.Instant) throws -> Bool
    /// Releases the device from any state: → deactivating → inactive. Never throws.
    func close()
    /// Whether ``reattach(until:)`` can bring the sensor back after an unplug.
    var canReattach: Bool { get }
    /// After an unplug (``SensorError/unplugged(phase:transfers:)``), waits until a sensor of the
    /// same model is plugged in again and opens it; throws ``SensorError/noSensor(_:)`` at the
    /// deadline.
    func reattach(until deadline: ContinuousClock.Instant) throws
}

extension FingerprintSensor {
    /// Sensors bound to one device cannot come back: the unplug stands.
    public var canReattach: Bool { false }

    /// Throws at once: see ``canReattach``.
    public func reattach(until deadline: ContinuousClock.Instant) throws {
        throw SensorError.noSensor("the \(profile.name) cannot be reattached")
    }
}

/// The life cycle of a sensor, after libfprint's image-device states.
///
/// Legal transitions: inactive → activating → idle → awaitingFingerOn → capturing →
/// awaitingFingerOff → idle (next capture) …; from any state → deactivating → inactive.
public enum SensorState: String, Sendable, Hashable, Codable {
    /// Closed: the device is not held.
    case inactive
    /// Opening and running the initialisation sequence.
    case activating
    /// Ready; nothing is being read.
    case idle
    /// Polling or waiting for a finger to arrive.
    case awaitingFingerOn
    /// Reading the finger.
    case capturing
    /// The finger has been read; waiting for it to leave.
    case awaitingFingerOff
    /// Releasing the device.
    case deactivating

    /// What fprintd calls finger-needed and finger-present, for this state.
    public var fingerPresence: FingerPresence {
        switch self {
        case .awaitingFingerOn: .needed
        case .capturing, .awaitingFingerOff: .present
        case .inactive, .activating, .idle, .deactivating: .none
        }
    }
}

/// Whether the sensor wants a finger or has one (fprintd's `finger-needed` and `finger-present`).
public enum FingerPresence: String, Sendable, Hashable, Codable {
    /// Neither: the sensor is not reading.
    case none
    /// The sensor waits for the finger.
    case needed
    /// The finger is on the sensor.
    case present
}

/// What one capture read, in arrival order, as the sensor delivers it.
public enum SensorReadout: Sendable {
    /// 2-D frames of a swipe (empty frames already dropped). `fingerRemoved` is false when a
    /// frame limit ended the swipe with the finger still down.
    case frames([SwipeFrame], fingerRemoved: Bool)
    /// The lines a ``LineFilter`` kept, with the reason it stopped and the counts it saw.
    case lines([ScanLine], stop: LineFilter.Stop, counted: Int)
    /// One whole image: a press, or a swipe the device assembled itself.
    case image(GrayImage)
    /// The device itself rejected the swipe (UPEK's coprocessor judges short and skewed swipes).
    case rejected(SwipeFeedback)

    /// Frames, kept lines, 1 for an image, 0 for a rejected swipe.
    public var count: Int {
        switch self {
        case .frames(let frames, _): frames.count
        case .lines(let lines, _, _): lines.count
        case .image: 1
        case .rejected: 0
        }
    }
}

extension SensorReadout {
    /// The image and feedback this readout makes with `stitcher` (the sensor's own, from its
    /// profile); `fingerRemoved` is what the sensor reported after the capture.
    public func stitched(by stitcher: SwipeStitcher, fingerRemoved: Bool) -> StitchedSwipe {
        switch self {
        case .frames(let frames, _): stitcher.stitch(frames: frames, fingerRemoved: fingerRemoved)
        case .lines(let lines, _, _): stitcher.stitch(lines: lines, fingerRemoved: fingerRemoved)
        case .image(let image): stitcher.stitch(image: image, fingerRemoved: fingerRemoved)
        case .rejected(let feedback):
            StitchedSwipe(image: nil, rawImage: nil, feedback: [feedback], details: .image)
        }
    }
}
