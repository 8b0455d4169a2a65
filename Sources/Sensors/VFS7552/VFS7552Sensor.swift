import Fingerprint
import Imaging
import USB

/// The Validity VFS7552 press driver (USB 138a:0091): 112 × 112 frames, one image per press.
///
/// After set-up the sensor images continuously; the first frame of each session is the empty
/// background, and a frame shows a finger when the variance of background − frame lies between
/// the capture and noise thresholds. Waiting for the finger reads frames until one does; the
/// capture is the next such frame; the finger has left when the variance falls below the lift
/// threshold, after which imaging stops (libfprint's vfs7552 state machine).
public final class VFS7552Sensor: USBSensorDriver {
    /// The variance thresholds (libfprint's values).
    public struct Parameters: SensorDriverParameters, Hashable {
        /// A finger is down above this …
        public var fingerVariance = 1_200
        /// … and the frame is not noise below this.
        public var noiseVariance = 4_000
        /// The finger has left below this.
        public var liftVariance = 100

        public init() {}
    }

    /// ``SensorProfile/vfs7552``.
    public static let model: SensorProfile = .vfs7552
    /// The thresholds in use.
    public let parameters: Parameters
    /// Where the driver is in the ``SensorState`` life cycle.
    public private(set) var state: SensorState = .inactive
    /// Frames read since opening, the background included (the recording holds 33).
    public private(set) var framesRead = 0
    /// The way to the device.
    public let link: USBLink
    private var imaging = false
    private var background: VFS7552Background?

    /// A driver over `link` (see ``USBSensorDriver``).
    public init(link: USBLink, parameters: Parameters) {
        self.link = link
        self.parameters = parameters
    }

    /// Claims the device and runs identification and set-up.
    public func open() throws {
        state = .activating
        try openLink { try $0.run(VFS7552Commands.open, phase: "initialisation") }
        state = .idle
    }

    /// Starts imaging if needed, then reads frames until one shows a finger.
    public func waitForFinger(until deadline: ContinuousClock.Instant) throws {
        state = .awaitingFingerOn
        let start = ContinuousClock.now
        do {
            if !imaging { try startImaging(until: deadline) }
            _ = try nextFrame(until: deadline) { self.showsFinger($0) }
        } catch SensorError.noFinger {
            state = .idle
            throw SensorError.noFinger(waited: ContinuousClock.now - start)
        }
        state = .capturing
    }

    /// The next frame that shows a finger, cleaned against the background.
    public func capture(until deadline: ContinuousClock.Instant) throws -> SensorReadout {
        state = .capturing
        let cleaned = try nextFrame(until: deadline) { self.showsFinger($0) }
        state = .awaitingFingerOff
        return .image(GrayImage(width: VFS7552Frame.width, height: VFS7552Frame.height, dpi: profile.dpi, pixels: cleaned))
    }

    /// Reads frames until the finger has left, then stops imaging; false at the deadline.
    public func waitForFingerOff(until deadline: ContinuousClock.Instant) throws -> Bool {
        do {
            _ = try nextFrame(until: deadline) { VFS7552Background.variance($0) < self.parameters.liftVariance }
        } catch SensorError.noFinger {
            return false
        }
        try stopImaging()
        state = .idle
        return true
    }

    /// Stops imaging if it runs (errors ignored: the device may be gone) and releases the device.
    public func close() {
        state = .deactivating
        if imaging { try? stopImaging() }
        link.close()
        background = nil
        state = .inactive
    }
}

extension VFS7552Sensor {
    /// The image-start block, then finger events until one reports a finger.
    private func startImaging(until deadline: ContinuousClock.Instant) throws {
        let steps = try link.steps()
        try steps.run(VFS7552Commands.startImaging, phase: "imaging start")
        imaging = true
        while true {
            let remaining = max(.milliseconds(1), deadline - ContinuousClock.now)
            do {
                let event = try steps.run(VFS7552Commands.fingerEvent, phase: "finger detection", timeout: remaining) ?? []
                if event.first.map({ $0 != 0 }) ?? false { return }
            } catch SensorError.stoppedAnswering {
                throw SensorError.noFinger(waited: .zero)
            }
            if ContinuousClock.now >= deadline { throw SensorError.noFinger(waited: .zero) }
        }
    }

    private func stopImaging() throws {
        imaging = false
        try link.steps().run(VFS7552Commands.stop, phase: "imaging stop")
    }

    private func showsFinger(_ cleaned: [UInt8]) -> Bool {
        let variance = VFS7552Background.variance(cleaned)
        return variance > parameters.fingerVariance && variance < parameters.noiseVariance
    }

    /// Frames, cleaned against the background (the first frame becomes it), until `accept` takes
    /// one; throws ``SensorError/noFinger(waited:)`` at the deadline.
    private func nextFrame(until deadline: ContinuousClock.Instant, accept: ([UInt8]) -> Bool) throws -> [UInt8] {
        while ContinuousClock.now < deadline {
            let frame = try readFrame(until: deadline)
            guard let background else {
                self.background = VFS7552Background(pixels: frame)
                continue
            }
            let cleaned = background.cleaned(frame)
            // A frame darker nowhere than the background: the finger was down when the
            // background was taken; take the next frame as the background instead.
            if cleaned.allSatisfy({ $0 == 0 }) {
                self.background = nil
                continue
            }
            if accept(cleaned) { return cleaned }
        }
        throw SensorError.noFinger(waited: .zero)
    }

    /// Waits until a frame is ready, then reads its chunks.
    private func readFrame(until deadline: ContinuousClock.Instant) throws -> [UInt8] {
        let steps = try link.steps()
        while try steps.run(VFS7552Commands.readyQuery, phase: "frame query").last?.first != 0x00 {
            if ContinuousClock.now >= deadline { throw SensorError.noFinger(waited: .zero) }
        }
        var frame = VFS7552Frame()
        var chunks = 0
        while !frame.isComplete {
            chunks += 1
            let chunk = try steps.run(VFS7552Commands.chunk, phase: "frame read").last ?? []
            if let problem = frame.add(chunk: chunk) ?? (chunks > 16 ? StripProblem("a frame that never completes") : nil) {
                throw SensorError.unexpectedReply(phase: "frame read", step: chunks, transfers: steps.transferCount,
                                                  detail: problem.detail)
            }
        }
        framesRead += 1
        return frame.pixels
    }
}
