import Fingerprint
import USB

/// The AuthenTec AES2501 driver (USB 08ff:2580, also 08ff:2500): 192×16 frames of 4-bit pixels.
///
/// Runs the step tables of ``AES2501Steps`` and makes the sheet's decisions between them:
/// finger present when the nibble sum exceeds 20, ADREFHI gain control on the chip's own
/// histogram, and the end of the swipe after 3 empty strips (libfprint 1.94.5's aes2501 driver).
public final class AES2501Sensor: USBSensorDriver {
    /// The driver's decision thresholds (libfprint 1.94.5's aes2501 driver).
    public struct Parameters: SensorDriverParameters, Hashable {
        /// A finger is present when the finger-detect nibble sum is strictly greater than this.
        public var fingerNibbleSum = 20
        /// Below this histogram sum ADREFHI goes down a step; above the high one it goes up.
        public var gainLowSum = 700
        public var gainHighSum = 1000
        /// ADREFHI moves by this much, within this range.
        public var adReferenceStep: UInt8 = 8
        public var adReferenceRange: ClosedRange<UInt8> = 0x28...0x58
        /// ADREFHI at the start of every capture.
        public var adReferenceStart: UInt8 = 0x58
        /// This many empty strips in a row end the swipe.
        public var emptyStripsToStop = 3
        /// The swipe ends here with the finger still down (libfprint defines 150, unenforced).
        public var maximumFrames = 150
        /// Register 0xaf reads this while calibration must be retried.
        /// Register 0xaf reads this while calibration must be retried, at most this many dumps.
        public var calibrationRetryValue: UInt8 = 0x6b
        public var maximumRegisterDumps = 13

        public init() {}
    }

    /// ``SensorProfile/aes2501``.
    public static let model: SensorProfile = .aes2501
    /// The decision thresholds in use.
    public let parameters: Parameters
    /// Where the driver is in the ``SensorState`` life cycle.
    public internal(set) var state: SensorState = .inactive
    /// The way to the device.
    public let link: USBLink
    /// Whether the last capture ended on empty strips (the finger left) rather than the frame limit.
    var fingerRemoved = true

    /// A driver over `link` (see ``USBSensorDriver``).
    public init(link: USBLink, parameters: Parameters) {
        self.link = link
        self.parameters = parameters
    }

    /// Opens the device and runs activation (phase A, #3–#12), retrying calibration while
    /// register 0xaf reads 0x6b.
    public func open() throws {
        state = .activating
        try openLink { interpreter in
            let replies = try interpreter.run(AES2501Steps.activation, phase: "activation")
            try retryCalibration(firstDump: replies.last ?? [], interpreter)
            try interpreter.run(AES2501Steps.activationEnd, phase: "activation")
        }
        state = .idle
    }

    /// Releases the device; the AES2501 needs no traffic for that.
    public func close() {
        state = .deactivating
        // The AES2501 needs no USB traffic to deactivate (libfprint 1.94.5's aes2501 driver); dropping the
        // transport releases the interface and closes the device.
        link.close()
        state = .inactive
    }

    /// While register 0xaf reads 0x6b, send the retry block and dump again (at most 13 dumps).
    private func retryCalibration(firstDump: [UInt8], _ interpreter: USBStepInterpreter) throws {
        var dump = firstDump
        var dumps = 1
        while true {
            if let problem = AES2501Reply.dumpProblem(dump[...]) {
                throw SensorError.unexpectedReply(phase: "activation", step: 0,
                                                  transfers: interpreter.transferCount, detail: problem)
            }
            let status = AES2501Reply.register(AES2501Register.calibrationStatus, inDump: dump[...])
            guard status == parameters.calibrationRetryValue, dumps < parameters.maximumRegisterDumps else { return }
            try interpreter.run(AES2501Steps.calibrationRetry, phase: "activation")
            dump = try interpreter.run(AES2501Steps.registerDump, phase: "activation").last ?? []
            dumps += 1
        }
    }

    /// The interpreter of an open sensor, or a clear error when the caller skipped ``open()``.
    func openInterpreter() throws -> USBStepInterpreter {
        try link.steps()
    }
}
