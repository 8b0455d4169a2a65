import Fingerprint
import Imaging
import USB

/// The AuthenTec AES3500 press driver (USB 08ff:5731).
///
/// Opening resets and sets up the chip; waiting for a finger arms one scan and reads the image,
/// which the chip sends only once a finger is down. The protocol has no lift signal: like
/// libfprint, the driver takes the finger as gone once the image is in.
public final class AES3500Sensor: USBSensorDriver {
    /// ``SensorProfile/aes3500``.
    public static let model: SensorProfile = .aes3500
    /// Where the driver is in the ``SensorState`` life cycle.
    public private(set) var state: SensorState = .inactive
    /// The way to the device.
    public let link: USBLink
    private var pendingImage: [UInt8]?

    /// A driver over `link` (see ``USBSensorDriver``); it takes no settings.
    public init(link: USBLink, parameters: NoDriverParameters) {
        self.link = link
    }

    /// Claims the device and runs the reset and set-up writes.
    public func open() throws {
        state = .activating
        try openLink { try $0.run(AES3500Steps.activation, phase: "activation") }
        state = .idle
    }

    /// Arms a scan and waits for the image, which comes when a finger is down.
    public func waitForFinger(until deadline: ContinuousClock.Instant) throws {
        let steps = try link.steps()
        state = .awaitingFingerOn
        let start = ContinuousClock.now
        try steps.run(AES3500Steps.captureRequest, phase: "capture request")
        do {
            let remaining = max(.milliseconds(1), deadline - ContinuousClock.now)
            pendingImage = try steps.run(AES3500Steps.imageRead, phase: "finger detection", timeout: remaining)
        } catch SensorError.stoppedAnswering {
            state = .idle
            throw SensorError.noFinger(waited: ContinuousClock.now - start)
        }
        state = .capturing
    }

    /// Decodes the image read when the finger came.
    public func capture(until deadline: ContinuousClock.Instant) throws -> SensorReadout {
        let steps = try link.steps()
        guard let reply = pendingImage else {
            throw SensorError.transferFailed(phase: "image read", step: 0, transfers: steps.transferCount,
                                             reason: "no finger has been waited for")
        }
        pendingImage = nil
        switch AES3500Image.decode(reply, dpi: profile.dpi) {
        case .success(let image):
            state = .awaitingFingerOff
            return .image(image)
        case .failure(let problem):
            throw SensorError.unexpectedReply(phase: "image read", step: 1, transfers: steps.transferCount,
                                              detail: problem.detail)
        }
    }

    /// The chip reports no lift; true at once, as libfprint assumes.
    public func waitForFingerOff(until deadline: ContinuousClock.Instant) throws -> Bool {
        state = .idle
        return true
    }

    /// Releases the device; no traffic is needed.
    public func close() {
        state = .deactivating
        link.close()
        pendingImage = nil
        state = .inactive
    }
}
