import Fingerprint

/// One swipe from start to finish: wait for the finger, read the strips, stitch them, wait for
/// the finger to leave. The same path for every sensor, real or simulated.
public struct SwipeCapture {
    /// What one capture produced.
    public struct Result: Sendable {
        /// The image and the feedback.
        public let stitched: StitchedSwipe
        /// The strips as the sensor delivered them (for `--frames-dir`).
        public let strips: SwipeStrips
        /// Whether the finger left the sensor after the swipe.
        public let fingerRemoved: Bool
        /// USB transfers the sensor made during this capture.
        public let transfers: Int
        /// USB transfers since the sensor was opened, initialisation included.
        public let transfersSinceOpen: Int
        /// Time spent stitching (not waiting or reading).
        public let stitchingTime: Duration
    }

    /// An open sensor.
    public let sensor: any SwipeSensor
    /// How long to wait for a finger, and for the swipe to end.
    public let timeout: Duration

    public init(sensor: any SwipeSensor, timeout: Duration) {
        self.sensor = sensor
        self.timeout = timeout
    }

    /// Runs one capture on an open sensor; `onFinger` is called when the finger arrives.
    public func run(onFinger: () -> Void = {}) throws -> Result {
        let transfersBefore = sensor.transferCount
        let deadline = ContinuousClock.now + timeout
        try sensor.waitForFinger(until: deadline)
        onFinger()
        let strips = try sensor.captureStrips(until: deadline)
        let lifted = try sensor.waitForFingerOff(until: deadline)
        let start = ContinuousClock.now
        let stitched = strips.stitched(by: sensor.profile.stitcher, fingerRemoved: lifted)
        let elapsed = ContinuousClock.now - start
        return Result(stitched: stitched, strips: strips, fingerRemoved: lifted,
                      transfers: sensor.transferCount - transfersBefore,
                      transfersSinceOpen: sensor.transferCount, stitchingTime: elapsed)
    }
}
