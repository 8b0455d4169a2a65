import Fingerprint

/// One capture from start to finish: wait for the finger, read it, assemble the image, and for
/// a swipe wait for the finger to leave. The same path for every sensor, press or swipe, real
/// or simulated.
///
/// A single capture of a press sensor does not wait for the finger to leave: the image is
/// complete once it is read, and the flows wait for the lift before asking for the next press.
public struct SensorCapture {
    /// What one capture produced.
    public struct Result: Sendable {
        /// The image and the feedback.
        public let stitched: StitchedSwipe
        /// The frames, lines or image as the sensor delivered them (for `--frames-dir`).
        public let strips: SensorReadout
        /// Whether the finger left the sensor after a swipe; nil for a press (not waited for).
        public let fingerRemoved: Bool?
        /// USB transfers the sensor made during this capture.
        public let transfers: Int
        /// USB transfers since the sensor was opened, initialisation included.
        public let transfersSinceOpen: Int
        /// Time spent assembling (not waiting or reading).
        public let stitchingTime: Duration
    }

    /// An open sensor.
    public let sensor: any FingerprintSensor
    /// How long to wait for a finger, and for the capture to end.
    public let timeout: Duration

    public init(sensor: any FingerprintSensor, timeout: Duration) {
        self.sensor = sensor
        self.timeout = timeout
    }

    /// Runs one capture on an open sensor; `onFinger` is called when the finger arrives.
    public func run(onFinger: () -> Void = {}) throws -> Result {
        let transfersBefore = sensor.transferCount
        let deadline = ContinuousClock.now + timeout
        try sensor.waitForFinger(until: deadline)
        onFinger()
        let readout = try sensor.capture(until: deadline)
        let lifted = sensor.profile.kind == .swipe ? try sensor.waitForFingerOff(until: deadline) : nil
        let start = ContinuousClock.now
        let stitched = readout.stitched(by: sensor.profile.stitcher, fingerRemoved: lifted ?? true)
        let elapsed = ContinuousClock.now - start
        return Result(stitched: stitched, strips: readout, fingerRemoved: lifted,
                      transfers: sensor.transferCount - transfersBefore,
                      transfersSinceOpen: sensor.transferCount, stitchingTime: elapsed)
    }
}
