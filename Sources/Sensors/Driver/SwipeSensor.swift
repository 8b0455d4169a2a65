import Fingerprint

/// A swipe fingerprint sensor, driven through one capture at a time.
///
/// The calls follow the sensor's states (``SwipeSensorState``) in order:
/// `open()` → `waitForFinger(until:)` → `captureStrips(until:)` → `waitForFingerOff(until:)`
/// → (again from `waitForFinger`) … → `close()`. Calls are synchronous and run on the caller's
/// thread; a sensor is not shared between threads.
public protocol SwipeSensor: AnyObject {
    /// Geometry, resolution, stitching and thresholds of this sensor model.
    var profile: SensorProfile { get }
    /// Where the sensor is in its life cycle.
    var state: SwipeSensorState { get }
    /// Transfers completed so far (0 for a simulated sensor).
    var transferCount: Int { get }
    /// The timeout of each USB transfer; starts at the profile's value (ignored when simulated).
    var transferTimeout: Duration { get set }
    /// Takes the device and runs its initialisation: inactive → activating → idle.
    func open() throws
    /// Returns when a finger is on the sensor: idle → awaitingFingerOn → capturing.
    /// Throws ``SensorError/noFinger(waited:)`` at the deadline.
    func waitForFinger(until deadline: ContinuousClock.Instant) throws
    /// Reads strips until the sensor's stop rule fires: capturing → awaitingFingerOff.
    func captureStrips(until deadline: ContinuousClock.Instant) throws -> SwipeStrips
    /// Returns true when the finger has left (and the sensor is ready for the next swipe):
    /// awaitingFingerOff → idle.
    func waitForFingerOff(until deadline: ContinuousClock.Instant) throws -> Bool
    /// Releases the device from any state: → deactivating → inactive. Never throws.
    func close()
}

/// The life cycle of a swipe sensor, after libfprint's image-device states.
///
/// Legal transitions: inactive → activating → idle → awaitingFingerOn → capturing →
/// awaitingFingerOff → idle (next swipe) …; from any state → deactivating → inactive.
public enum SwipeSensorState: String, Sendable, Hashable, Codable {
    /// Closed: the device is not held.
    case inactive
    /// Opening and running the initialisation sequence.
    case activating
    /// Ready; nothing is being read.
    case idle
    /// Polling or waiting for a finger to arrive.
    case awaitingFingerOn
    /// Reading strips while the finger moves.
    case capturing
    /// The strips are in; waiting for the finger to leave.
    case awaitingFingerOff
    /// Releasing the device.
    case deactivating
}

/// The strips of one swipe, in arrival order, as the sensor kind delivers them.
public enum SwipeStrips: Sendable {
    /// 2-D frames (empty frames already dropped). `fingerRemoved` is false when a frame limit
    /// ended the swipe with the finger still down.
    case frames([SwipeFrame], fingerRemoved: Bool)
    /// The lines a ``LineFilter`` kept, with the reason it stopped and the counts it saw.
    case lines([ScanLine], stop: LineFilter.Stop, counted: Int)

    /// Frames or kept lines.
    public var count: Int {
        switch self {
        case .frames(let frames, _): frames.count
        case .lines(let lines, _, _): lines.count
        }
    }
}

extension SwipeStrips {
    /// The image and feedback these strips make with `stitcher` (the sensor's own, from its
    /// profile); `fingerRemoved` is what the sensor reported after the swipe.
    public func stitched(by stitcher: SwipeStitcher, fingerRemoved: Bool) -> StitchedSwipe {
        switch self {
        case .frames(let frames, _): stitcher.stitch(frames: frames, fingerRemoved: fingerRemoved)
        case .lines(let lines, _, _): stitcher.stitch(lines: lines, fingerRemoved: fingerRemoved)
        }
    }
}
