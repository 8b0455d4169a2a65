import Fingerprint
import USB

/// The Egis 0570 driver (USB 1c7a:0570, also 0571): a small area sensor used as a swipe sensor.
///
/// Each image read brings five 114 × 57 images; their middle 17 rows are strips, stitched by
/// movement estimation like the AES2501's and enlarged ×2. The first read of a session is the
/// background; later strips are compared with it, and the swipe runs from the first read whose
/// first strip shows a finger to the first strip that does not (libfprint's egis0570 rule).
public final class Egis0570Sensor: USBSensorDriver {
    /// The decision values (libfprint's).
    public struct Parameters: SensorDriverParameters, Hashable {
        /// A pixel counts only where it exceeds the background by more than this.
        public var backgroundMargin = 3
        /// A strip shows a finger when its mean above the background exceeds this.
        public var fingerMean = 20
        /// Image reads that make a swipe at most.
        public var maximumReads = 60

        public init() {}
    }

    /// ``SensorProfile/egis0570``.
    public static let model: SensorProfile = .egis0570
    /// The values in use.
    public let parameters: Parameters
    /// Where the driver is in the ``SensorState`` life cycle.
    public private(set) var state: SensorState = .inactive
    /// Image reads since opening (the recording has 52).
    public private(set) var imageReads = 0
    /// The way to the device.
    public let link: USBLink
    private var pending: [SwipeFrame] = []
    private var pendingEnded = false
    private var background: [UInt8]?

    /// A driver over `link` (see ``USBSensorDriver``).
    public init(link: USBLink, parameters: Parameters) {
        self.link = link
        self.parameters = parameters
    }

    /// Claims the device; the set-up goes with the first image read.
    public func open() throws {
        state = .activating
        _ = try link.open()
        imageReads = 0
        background = nil
        state = .idle
    }

    /// Reads images until one's first strip shows a finger.
    public func waitForFinger(until deadline: ContinuousClock.Instant) throws {
        state = .awaitingFingerOn
        let start = ContinuousClock.now
        while true {
            let (strips, ended) = try fingerStrips(in: readImages())
            if !strips.isEmpty {
                (pending, pendingEnded) = (strips, ended)
                break
            }
            if ContinuousClock.now >= deadline {
                state = .idle
                throw SensorError.noFinger(waited: ContinuousClock.now - start)
            }
        }
        state = .capturing
    }

    /// Reads images until a strip without a finger ends the swipe.
    public func capture(until deadline: ContinuousClock.Instant) throws -> SensorReadout {
        state = .capturing
        var strips = pending, ended = pendingEnded
        pending = []
        var reads = 0
        while !ended && reads < parameters.maximumReads {
            reads += 1
            let next = try fingerStrips(in: readImages())
            strips += next.strips
            ended = next.ended
        }
        state = .awaitingFingerOff
        return .frames(strips, fingerRemoved: ended)
    }

    /// The swipe ended on a strip without a finger.
    public func waitForFingerOff(until deadline: ContinuousClock.Instant) throws -> Bool {
        state = .idle
        return true
    }

    /// Releases the device; no traffic is needed.
    public func close() {
        state = .deactivating
        link.close()
        background = nil
        state = .inactive
    }

    /// The finger strips of a read; the session's first read becomes the background instead.
    private func fingerStrips(in images: Egis0570Images) -> (strips: [SwipeFrame], ended: Bool) {
        guard let background else {
            background = images.background
            return ([], true)
        }
        return images.fingerStrips(background: background, margin: parameters.backgroundMargin,
                                   minimumMean: parameters.fingerMean)
    }

    /// One command sequence (the set-up before the first image) and its image read.
    private func readImages() throws -> Egis0570Images {
        let steps = try link.steps()
        let commands = imageReads == 0 ? Egis0570Commands.setup : Egis0570Commands.repeated
        imageReads += 1
        let read = try steps.run(Egis0570Commands.steps(commands), phase: "image read").last ?? []
        switch Egis0570Images.decode(read) {
        case .success(let images): return images
        case .failure(let problem):
            throw SensorError.unexpectedReply(phase: "image read", step: imageReads, transfers: transferCount,
                                              detail: problem.detail)
        }
    }
}
