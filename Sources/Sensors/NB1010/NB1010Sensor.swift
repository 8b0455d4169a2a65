import Fingerprint
import Imaging
import USB

/// The NEXT Biometrics NB-1010-U press driver (USB 298d:1010): one 256 × 180 image per press,
/// read in 90 pieces.
///
/// A finger is present when byte 12 of the check-finger reply exceeds 0x60; the sensor needs
/// 50 ms between a command and its reply (libfprint's nb1010 driver waits as long).
public final class NB1010Sensor: USBSensorDriver {
    /// Timing of the protocol.
    public struct Parameters: SensorDriverParameters, Hashable {
        /// The wait between a command and reading its reply, and between checks.
        public var settlingTime: Duration = .milliseconds(50)

        public init() {}

        /// No settling time.
        public var withoutPauses: Self { setting(\.settlingTime, to: .zero) }
    }

    /// ``SensorProfile/nb1010``.
    public static let model: SensorProfile = .nb1010
    /// The timing in use.
    public let parameters: Parameters
    /// Where the driver is in the ``SensorState`` life cycle.
    public private(set) var state: SensorState = .inactive
    /// The way to the device.
    public let link: USBLink
    /// Checks made since opening (the recording needs one).
    public private(set) var fingerChecks = 0

    /// A driver over `link` (see ``USBSensorDriver``).
    public init(link: USBLink, parameters: Parameters) {
        self.link = link
        self.parameters = parameters
    }

    /// Claims the device; the NB-1010 needs no initialisation sequence.
    public func open() throws {
        state = .activating
        _ = try link.open()
        state = .idle
    }

    /// Checks for a finger until the signal byte exceeds the threshold.
    public func waitForFinger(until deadline: ContinuousClock.Instant) throws {
        state = .awaitingFingerOn
        let start = ContinuousClock.now
        while try fingerSignal() <= NB1010Commands.fingerThreshold {
            if ContinuousClock.now >= deadline {
                state = .idle
                throw SensorError.noFinger(waited: ContinuousClock.now - start)
            }
        }
        state = .capturing
    }

    /// Starts the capture and reads the 90 pieces of the image.
    public func capture(until deadline: ContinuousClock.Instant) throws -> SensorReadout {
        let steps = try link.steps()
        state = .capturing
        try steps.run(NB1010Commands.startCapture, phase: "capture setup")
        pause(for: parameters.settlingTime)
        var partials: [[UInt8]] = []
        for read in 1...NB1010Commands.partialsPerImage {
            partials.append(try steps.run(NB1010Commands.partial, phase: "image read", index: read) ?? [])
        }
        switch NB1010Image.assemble(partials, dpi: profile.dpi) {
        case .success(let image):
            state = .awaitingFingerOff
            return .image(image)
        case .failure(let problem):
            throw SensorError.unexpectedReply(phase: "image read", step: partials.count,
                                              transfers: steps.transferCount, detail: problem.detail)
        }
    }

    /// Checks until the finger signal falls to the threshold; false at the deadline.
    public func waitForFingerOff(until deadline: ContinuousClock.Instant) throws -> Bool {
        while try fingerSignal() > NB1010Commands.fingerThreshold {
            if ContinuousClock.now >= deadline { return false }
        }
        state = .idle
        return true
    }

    /// Releases the device; the NB-1010 needs no traffic for that.
    public func close() {
        state = .deactivating
        link.close()
        state = .inactive
    }

    /// One check: the command, the settling time, the reply's finger byte.
    private func fingerSignal() throws -> UInt8 {
        let steps = try link.steps()
        fingerChecks += 1
        try steps.run(NB1010Commands.checkFinger, phase: "finger detection")
        pause(for: parameters.settlingTime)
        let reply = try steps.run(NB1010Commands.fingerReply, phase: "finger detection", index: 2) ?? []
        return reply[NB1010Commands.fingerByte]
    }
}
