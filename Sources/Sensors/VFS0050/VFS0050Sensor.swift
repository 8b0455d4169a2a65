import Fingerprint
import USB

/// The Validity VFS0050 swipe driver (USB 138a:0050): 100-pixel lines with a 32-pixel
/// look-ahead, streamed while the finger moves, speed-resampled like the VFS5011's.
///
/// Opening drains the endpoints and turns the sensor off; waiting for a finger turns it on and
/// waits for its interrupt; the capture reads the line stream until it runs dry; afterwards the
/// stream is stopped and the sensor turned off again, ready to be turned on for the next swipe
/// (libfprint's vfs0050 state machine, without its second-scan packets, which the recording
/// does not hold).
public final class VFS0050Sensor: USBSensorDriver {
    /// Timing (libfprint's values).
    public struct Parameters: SensorDriverParameters, Hashable {
        /// How long a drain read waits for data that may not come.
        public var drainTimeout: Duration = .milliseconds(20)
        /// How long a line read waits; the stream has ended when nothing comes.
        public var lineTimeout: Duration = .milliseconds(100)
        /// Reads that make a swipe at most.
        public var maximumReads = 64

        public init() {}
    }

    /// ``SensorProfile/vfs0050``.
    public static let model: SensorProfile = .vfs0050
    /// The timing in use.
    public let parameters: Parameters
    /// Where the driver is in the ``SensorState`` life cycle.
    public private(set) var state: SensorState = .inactive
    /// Line reads in the last capture (the recording's swipe takes 24 and an empty one).
    public private(set) var lineReads = 0
    /// The way to the device.
    public let link: USBLink
    private var turnedOn = false

    /// A driver over `link` (see ``USBSensorDriver``).
    public init(link: USBLink, parameters: Parameters) {
        self.link = link
        self.parameters = parameters
    }

    /// Drains every endpoint, stops the line stream and turns the sensor off.
    public func open() throws {
        state = .activating
        try openLink { steps in
            for endpoint in [VFS0050Commands.returnEndpoint, VFS0050Commands.lineEndpoint, VFS0050Commands.interruptEndpoint] {
                try drain(endpoint, steps)
            }
            try turnOff(steps)
        }
        state = .idle
    }

    /// Turns the sensor on and waits for the interrupt that announces a finger.
    public func waitForFinger(until deadline: ContinuousClock.Instant) throws {
        let steps = try link.steps()
        state = .awaitingFingerOn
        let start = ContinuousClock.now
        if !turnedOn {
            try steps.run(VFS0050Commands.control(VFS0050Commands.turnOn), phase: "turning on")
            try drain(VFS0050Commands.interruptEndpoint, steps)
            turnedOn = true
        }
        let interrupt: [UInt8]
        do {
            let remaining = max(.milliseconds(1), deadline - ContinuousClock.now)
            interrupt = try steps.run(VFS0050Commands.fingerInterrupt, phase: "finger detection", timeout: remaining) ?? []
        } catch SensorError.stoppedAnswering {
            state = .idle
            throw SensorError.noFinger(waited: ContinuousClock.now - start)
        }
        guard VFS0050Commands.fingerInterrupts.contains(interrupt) || interrupt.first == 0x01 else {
            throw SensorError.unexpectedReply(phase: "finger detection", step: 1, transfers: transferCount,
                                              detail: "the interrupt \(hexPreview(interrupt))")
        }
        state = .capturing
    }

    /// Reads the line stream until a read brings nothing.
    public func capture(until deadline: ContinuousClock.Instant) throws -> SensorReadout {
        let steps = try link.steps()
        state = .capturing
        var stream: [UInt8] = []
        lineReads = 0
        while lineReads < parameters.maximumReads {
            lineReads += 1
            let data: [UInt8]
            do {
                data = try steps.run(VFS0050Commands.lines, phase: "line capture", index: lineReads,
                                     timeout: parameters.lineTimeout) ?? []
            } catch SensorError.stoppedAnswering {
                break
            }
            if data.isEmpty { break }
            stream += data
        }
        state = .awaitingFingerOff
        switch VFS0050LineRecord.lines(in: stream) {
        case .success(let lines): return .lines(lines, stop: .fingerLifted, counted: stream.count / VFS0050LineRecord.length)
        case .failure(let problem):
            throw SensorError.unexpectedReply(phase: "line capture", step: 1, transfers: transferCount, detail: problem.detail)
        }
    }

    /// The stream ran dry when the finger left; stops it and turns the sensor off for the next swipe.
    public func waitForFingerOff(until deadline: ContinuousClock.Instant) throws -> Bool {
        let steps = try link.steps()
        try turnOff(steps)
        state = .idle
        return true
    }

    /// Releases the device; no traffic is needed.
    public func close() {
        state = .deactivating
        link.close()
        turnedOn = false
        state = .inactive
    }

    /// Stops the stream, turns the sensor off, and stops the stream again (as libfprint does).
    private func turnOff(_ steps: USBStepInterpreter) throws {
        try stopLines(steps)
        try steps.run(VFS0050Commands.control(VFS0050Commands.turnOff), phase: "turning off")
        try drain(VFS0050Commands.interruptEndpoint, steps)
        try stopLines(steps)
        turnedOn = false
    }

    private func stopLines(_ steps: USBStepInterpreter) throws {
        try steps.run(VFS0050Commands.stopLines, phase: "stopping lines")
        try drain(VFS0050Commands.lineEndpoint, steps)
    }

    /// Reads `endpoint` until nothing comes.
    private func drain(_ endpoint: UInt8, _ steps: USBStepInterpreter) throws {
        for _ in 0..<16 {
            do {
                let data = try steps.run(VFS0050Commands.drain(endpoint), phase: "draining", timeout: parameters.drainTimeout) ?? []
                if data.isEmpty { return }
            } catch SensorError.stoppedAnswering {
                return
            }
        }
    }
}
