import Fingerprint
import Foundation
import USB

/// The Validity VFS5011 driver (USB 138a:0017, also 0010/0011/0015/0018): 160-pixel lines
/// with a look-ahead strip, streamed in 61 440-byte reads.
///
/// Opening runs the 31-command initialisation and arms the first capture; capture reads go
/// through a ``LineFilter`` until it ends the swipe; afterwards the sensor is armed again
/// (libfprint 1.94.5's vfs5011 driver). There is no separate finger-detect phase: the first read that returns
/// data means a finger is present.
public final class VFS5011Sensor: USBSensorDriver {
    /// Timing values (libfprint 1.94.5's vfs5011 driver).
    public struct Parameters: SensorDriverParameters, Hashable {
        /// libfprint arms the first capture after activation with a 1000 ms timeout.
        public var firstArmingTimeout: Duration = .milliseconds(1000)
        /// The pause before re-arming after a capture.
        public var rearmDelay: Duration = .milliseconds(1)
        /// The stop and keep rules of §4.1.
        public var lineFilter = LineFilter.Parameters()

        public init() {}

        /// No delay before re-arming.
        public var withoutPauses: Self { setting(\.rearmDelay, to: .zero) }
    }

    /// ``SensorProfile/vfs5011``.
    public static let model: SensorProfile = .vfs5011
    /// The timing and line-filter values in use.
    public let parameters: Parameters
    /// Where the driver is in the ``SensorState`` life cycle.
    public private(set) var state: SensorState = .inactive
    /// Capture reads so far (the recording has 9).
    public private(set) var captureReads = 0
    /// The way to the device.
    public let link: USBLink
    private var firstRead: [UInt8]?
    private var lastStop: LineFilter.Stop?

    /// A driver over `link` (see ``USBSensorDriver``).
    public init(link: USBLink, parameters: Parameters) {
        self.link = link
        self.parameters = parameters
    }

    /// Opens the device, runs the initialisation (§2.1) and arms the first capture (§2.2).
    public func open() throws {
        state = .activating
        try openLink { interpreter in
            try interpreter.run(VFS5011Commands.open, phase: "initialisation")
            interpreter.timeout = parameters.firstArmingTimeout
            try interpreter.run(VFS5011Commands.arm, phase: "arming")
            interpreter.timeout = transferTimeout
        }
        state = .idle
    }

    /// Releases the device; the VFS5011 needs no traffic for that.
    public func close() {
        state = .deactivating
        // Deactivation sends nothing (libfprint 1.94.5's vfs5011 driver); dropping the handle releases the device.
        link.close()
        firstRead = nil
        state = .inactive
    }

    /// Waits for the first capture read that returns data, up to the deadline.
    public func waitForFinger(until deadline: ContinuousClock.Instant) throws {
        let interpreter = try openInterpreter()
        state = .awaitingFingerOn
        let start = ContinuousClock.now
        while ContinuousClock.now < deadline {
            let remaining = deadline - ContinuousClock.now
            do {
                let data = try captureRead(interpreter, timeout: remaining)
                if data.count >= VFS5011LineRecord.length {
                    firstRead = data
                    state = .capturing
                    return
                }
            } catch SensorError.stoppedAnswering {
                break
            }
        }
        state = .idle
        throw SensorError.noFinger(waited: ContinuousClock.now - start)
    }

    /// Feeds every record to a ``LineFilter`` and reads on until it ends the swipe.
    public func capture(until deadline: ContinuousClock.Instant) throws -> SensorReadout {
        let interpreter = try openInterpreter()
        state = .capturing
        var filter = LineFilter(parameters: parameters.lineFilter)
        var pending = firstRead
        firstRead = nil
        while filter.stop == nil {
            let data = try pending ?? captureRead(interpreter, timeout: max(.milliseconds(1), deadline - ContinuousClock.now))
            pending = nil
            switch VFS5011LineRecord.lines(in: data) {
            case .success(let lines):
                for line in lines where !filter.consume(line) { break }
            case .failure(let problem):
                throw SensorError.unexpectedReply(phase: "line capture", step: captureReads,
                                                  transfers: interpreter.transferCount, detail: problem.detail)
            }
        }
        let stop = filter.stop ?? .fingerLifted
        lastStop = stop
        state = .awaitingFingerOff
        return .lines(filter.kept, stop: stop, counted: filter.counted)
    }

    /// Re-arms the sensor for the next swipe (§2.4); the finger has gone when the line filter
    /// ended on a run of blank lines.
    public func waitForFingerOff(until deadline: ContinuousClock.Instant) throws -> Bool {
        let interpreter = try openInterpreter()
        let (seconds, attoseconds) = parameters.rearmDelay.components
        Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
        try interpreter.run(VFS5011Commands.arm, phase: "re-arming")
        state = .idle
        return lastStop == .fingerLifted
    }

    private func captureRead(_ interpreter: USBStepInterpreter, timeout: Duration) throws -> [UInt8] {
        captureReads += 1
        return try interpreter.run(VFS5011Commands.captureRead, phase: "line capture",
                                   index: captureReads, timeout: timeout) ?? []
    }

    private func openInterpreter() throws -> USBStepInterpreter {
        try link.steps()
    }
}
