import Fingerprint
import USB

/// The Elan driver (USB 04f3:0c26, the recorded model): a small area sensor used as a swipe
/// sensor, 144 × 64 frames of 16-bit pixels, stitched like the AES2501's.
///
/// Every capture starts with a calibration check (a background frame against the sensor's own
/// mean, recalibrating when they differ by more than 500), turns the LED on, then alternates
/// finger queries and frame reads until the finger leaves or 30 frames are in. The last two
/// frames before the lift are dropped (taken while the finger left), as libfprint did when it
/// assembled the recording's capture.png.
public final class ElanSensor: USBSensorDriver {
    /// The decision values (libfprint's).
    public struct Parameters: SensorDriverParameters, Hashable {
        /// Rows kept from the middle of each raw frame.
        public var frameHeight = 50
        /// Frames that make a swipe at most, and at least.
        public var maximumFrames = 30
        public var minimumFrames = 7
        /// Frames dropped from the end of a swipe.
        public var framesDroppedAtEnd = 2
        /// Recalibrate when the background mean and the sensor's mean differ by more.
        public var calibrationTolerance = 500
        /// Calibration status queries per capture, and the pause between them.
        public var calibrationQueries = 10
        public var calibrationPause: Duration = .milliseconds(50)
        /// How long a finger query waits while frames are coming (a lift is a timeout).
        public var liftTimeout: Duration = .milliseconds(200)

        public init() {}

        /// No calibration pause.
        public var withoutPauses: Self { setting(\.calibrationPause, to: .zero) }
    }

    /// ``SensorProfile/elan``.
    public static let model: SensorProfile = .elan
    /// The values in use.
    public let parameters: Parameters
    /// Where the driver is in the ``SensorState`` life cycle.
    public internal(set) var state: SensorState = .inactive
    /// The firmware version the sensor reported.
    public internal(set) var firmwareVersion: UInt16 = 0
    /// The way to the device.
    public let link: USBLink
    var geometry = ElanFrame(width: 144, rawHeight: 64, height: 50)
    var background: [UInt16] = []
    var pendingFrames: [[UInt16]] = []

    /// A driver over `link` (see ``USBSensorDriver``).
    public init(link: USBLink, parameters: Parameters) {
        self.link = link
        self.parameters = parameters
    }

    /// Reads the firmware version and the sensor's size.
    public func open() throws {
        state = .activating
        try openLink { steps in
            let version = try steps.run(ElanCommands.firmwareVersion, phase: "initialisation").last ?? []
            firmwareVersion = version.count == 2 ? UInt16(version[0]) << 8 | UInt16(version[1]) : 0
            let size = try steps.run(ElanCommands.sensorSize, phase: "initialisation").last ?? []
            geometry = try frameGeometry(size)
        }
        state = .idle
    }

    /// Calibrates, turns the LED on and queries until a finger is down.
    public func waitForFinger(until deadline: ContinuousClock.Instant) throws {
        state = .awaitingFingerOn
        let start = ContinuousClock.now
        try calibrate()
        try link.steps().run(ElanCommands.ledOn, phase: "capture start")
        while try !fingerIsDown(timeout: min(transferTimeout, max(.milliseconds(1), deadline - ContinuousClock.now))) {
            if ContinuousClock.now >= deadline {
                state = .idle
                throw SensorError.noFinger(waited: ContinuousClock.now - start)
            }
        }
        state = .capturing
    }

    /// Reads frames while the finger stays, then stops the capture.
    public func capture(until deadline: ContinuousClock.Instant) throws -> SensorReadout {
        state = .capturing
        var frames: [[UInt16]] = []
        var lifted = false
        repeat {
            frames.append(try readFrame())
            if frames.count >= parameters.maximumFrames { break }
            lifted = try !fingerIsDown(timeout: parameters.liftTimeout)
        } while !lifted && ContinuousClock.now < deadline
        try link.steps().run(ElanCommands.stop, phase: "capture stop")
        state = .awaitingFingerOff
        let kept = frames.dropLast(parameters.framesDroppedAtEnd)
        guard kept.count >= parameters.minimumFrames else { return .rejected(.tooShort) }
        return .frames(kept.map(geometry.squeezed), fingerRemoved: lifted)
    }

    /// The capture ends when the finger leaves; nothing more to wait for.
    public func waitForFingerOff(until deadline: ContinuousClock.Instant) throws -> Bool {
        state = .idle
        return true
    }

    /// Releases the device; no traffic is needed.
    public func close() {
        state = .deactivating
        link.close()
        state = .inactive
    }
}
