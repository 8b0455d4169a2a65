import Fingerprint
import USB

/// The Validity VFS301 (and VFS300) swipe driver (USB 138a:0005, 0008): 200-pixel lines in
/// 288-byte records, read in blocks of about 84 KB while the finger moves.
///
/// Opening runs the initialisation and calibration. Waiting for a finger asks for a fingerprint
/// and peeks every 200 ms until a finger event; the capture then reads line blocks until a
/// short one ends the swipe, and finishes the scan. Lines that barely differ from the last kept
/// one are dropped at assembly (``DistinctLineStack``), as libfprint does; nothing is resampled.
public final class VFS301Sensor: USBSensorDriver {
    /// Timing (libfprint's values).
    public struct Parameters: SensorDriverParameters, Hashable {
        /// The wait between finger peeks.
        public var peekInterval: Duration = .milliseconds(200)
        /// The timeout of each line-block read.
        public var blockTimeout: Duration = .milliseconds(2_000)
        /// Blocks that make a swipe at most (1 MiB of lines, libfprint's limit).
        public var maximumBlocks = 12

        public init() {}

        /// No wait between peeks.
        public var withoutPauses: Self { setting(\.peekInterval, to: .zero) }
    }

    /// ``SensorProfile/vfs301``.
    public static let model: SensorProfile = .vfs301
    /// The timing in use.
    public let parameters: Parameters
    /// Where the driver is in the ``SensorState`` life cycle.
    public private(set) var state: SensorState = .inactive
    /// Finger peeks since opening (the recording's swipe needs 2).
    public private(set) var peeks = 0
    /// The way to the device.
    public let link: USBLink

    /// A driver over `link` (see ``USBSensorDriver``).
    public init(link: USBLink, parameters: Parameters) {
        self.link = link
        self.parameters = parameters
    }

    /// Claims the device and runs the initialisation.
    public func open() throws {
        state = .activating
        try openLink { try $0.run(VFS301Commands.open, phase: "initialisation") }
        state = .idle
    }

    /// Asks for a fingerprint, then peeks until the sensor reports a finger.
    public func waitForFinger(until deadline: ContinuousClock.Instant) throws {
        let steps = try link.steps()
        state = .awaitingFingerOn
        let start = ContinuousClock.now
        try steps.run(VFS301Commands.requestFinger, phase: "finger request")
        while true {
            pause(for: parameters.peekInterval)
            peeks += 1
            let event = try steps.run(VFS301Commands.peek, phase: "finger detection").last ?? []
            if event == VFS301Commands.fingerEvent { break }
            guard event == VFS301Commands.noEvent else {
                throw SensorError.unexpectedReply(phase: "finger detection", step: 2, transfers: transferCount,
                                                  detail: "the finger event \(hexPreview(event))")
            }
            if ContinuousClock.now >= deadline {
                state = .idle
                throw SensorError.noFinger(waited: ContinuousClock.now - start)
            }
        }
        state = .capturing
    }

    /// Reads line blocks until a short one, then finishes the scan.
    public func capture(until deadline: ContinuousClock.Instant) throws -> SensorReadout {
        let steps = try link.steps()
        state = .capturing
        try steps.run(VFS301Commands.preamble, phase: "line capture")
        var lines: [ScanLine] = []
        var length = VFS301Commands.firstBlock
        for block in 1...parameters.maximumBlocks {
            let data = try steps.run(VFS301Commands.data(length), phase: "line capture", index: block,
                                     timeout: parameters.blockTimeout) ?? []
            guard data.count == length else { break }
            switch VFS301LineRecord.lines(in: data, isFirst: block == 1) {
            case .success(let decoded): lines += decoded
            case .failure(let problem):
                throw SensorError.unexpectedReply(phase: "line capture", step: block, transfers: transferCount,
                                                  detail: problem.detail)
            }
            length = VFS301Commands.nextBlock
        }
        try finishScan(steps)
        state = .awaitingFingerOff
        return .lines(lines, stop: .fingerLifted, counted: lines.count)
    }

    /// The short block that ended the capture shows the finger has gone.
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

    /// Command 04 and scan configuration 2. Each is answered on both endpoints in no fixed
    /// order; a reply that did not come in time is read once more after the other (libfprint
    /// reads them the same way).
    private func finishScan(_ steps: USBStepInterpreter) throws {
        for (command, replies) in [(VFS301Commands.finish, VFS301Commands.finishReplies),
                                   (VFS301Commands.rearm, VFS301Commands.rearmReplies)] {
            try steps.run(command, phase: "scan end")
            var firstCame = true
            do { try steps.run(replies.first, phase: "scan end", index: 2) } catch SensorError.stoppedAnswering { firstCame = false }
            _ = try? steps.run(replies.second, phase: "scan end", index: 3)
            if !firstCame { _ = try? steps.run(replies.first, phase: "scan end", index: 4) }
        }
    }
}
