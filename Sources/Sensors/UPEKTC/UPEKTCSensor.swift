import Fingerprint
import Imaging
import USB

/// The UPEK TouchChip / TouchStrip driver (USB 147e:2016, also 147e:2020): a swipe sensor whose
/// coprocessor assembles the image itself and sends it in pieces of about 2 KiB.
///
/// Every message is Ciao-framed with a CRC (``UPEKTCMessage``); data commands carry a 4-bit
/// sequence number. A capture starts with a command, then the host answers every message: a
/// status with an acknowledgement, the coprocessor's poll with its answer, an image piece with
/// a frame acknowledgement, until the last piece.
public final class UPEKTCSensor: USBSensorDriver {
    /// ``SensorProfile/upektc``.
    public static let model: SensorProfile = .upektc
    /// Where the driver is in the ``SensorState`` life cycle.
    public private(set) var state: SensorState = .inactive
    /// Image pieces received in the last capture (the recording has 28).
    public internal(set) var pieces = 0
    /// The way to the device.
    public let link: USBLink
    /// The number of the next data command.
    var sequence: UInt8 = 0
    /// The image bytes so far.
    var image: [UInt8] = []
    /// Whether the piece marked last has arrived.
    var lastPieceSeen = false
    /// Set when the coprocessor rejected the swipe.
    var rejection: SwipeFeedback?

    /// A driver over `link` (see ``USBSensorDriver``); it takes no settings.
    public init(link: USBLink, parameters: NoDriverParameters) {
        self.link = link
    }

    /// Wakes the coprocessor and sends the set-up commands, reading every reply; the last
    /// command is numbered (0) and its reply describes the sensor.
    public func open() throws {
        state = .activating
        try openLink { steps in
            sequence = 0
            for step in [UPEKTCCommands.wake, UPEKTCCommands.send(UPEKTCCommands.setup1),
                         UPEKTCCommands.send(UPEKTCCommands.setup2), UPEKTCCommands.wake,
                         UPEKTCCommands.send(UPEKTCCommands.setup3)] {
                try steps.run(step, phase: "initialisation")
                _ = try readMessage(phase: "initialisation")
            }
            try send(UPEKTCCommands.setup4, phase: "initialisation")
            _ = try readMessage(phase: "initialisation")
        }
        state = .idle
    }

    /// Starts a capture and answers the coprocessor until it reports a finger or sends the
    /// first image piece.
    public func waitForFinger(until deadline: ContinuousClock.Instant) throws {
        state = .awaitingFingerOn
        let start = ContinuousClock.now
        (image, pieces, lastPieceSeen, rejection) = ([], 0, false, nil)
        try send(UPEKTCCommands.startCapture, phase: "capture start")
        while true {
            do {
                if try handle(readMessage(phase: "finger detection", until: deadline), phase: "finger detection") { break }
            } catch SensorError.stoppedAnswering {
                // The coprocessor stays silent while no finger is down; only the deadline ends the wait.
            } catch SensorError.noFinger {}
            if ContinuousClock.now >= deadline {
                state = .idle
                throw SensorError.noFinger(waited: ContinuousClock.now - start)
            }
        }
        state = .capturing
    }

    /// Answers the coprocessor until the last image piece (or its rejection of the swipe).
    public func capture(until deadline: ContinuousClock.Instant) throws -> SensorReadout {
        state = .capturing
        while rejection == nil, !lastPieceSeen {
            _ = try handle(readMessage(phase: "image read", until: deadline), phase: "image read")
        }
        state = .awaitingFingerOff
        if let rejection { return .rejected(rejection) }
        let (width, height) = (UPEKTCImage.width, UPEKTCImage.height)
        guard image.count == width * height else {
            throw SensorError.unexpectedReply(phase: "image read", step: pieces, transfers: transferCount,
                                              detail: "an image of \(image.count) bytes where \(width * height) were expected")
        }
        return .image(GrayImage(width: width, height: height, dpi: profile.dpi, pixels: image))
    }

    /// The coprocessor sends the last piece only after the swipe; the finger has gone.
    public func waitForFingerOff(until deadline: ContinuousClock.Instant) throws -> Bool {
        state = .idle
        return true
    }

    /// Ends the session (errors ignored: the device may be gone) and releases the device.
    public func close() {
        state = .deactivating
        if (try? link.steps()) != nil {
            try? send(UPEKTCCommands.finish, phase: "deactivation")
            _ = try? readMessage(phase: "deactivation")
        }
        link.close()
        state = .inactive
    }
}
