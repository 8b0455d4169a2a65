import Fingerprint

/// What a message from the TouchChip coprocessor means (libfprint's upektc_img driver).
enum UPEKTCReply: Hashable {
    /// What a status message (data type 0x28) reports about the finger (its payload byte 11).
    enum Status: Hashable {
        case noFinger
        case fingerPresent
        case fingerGone
        /// The swipe was rejected; the person should swipe again.
        case rejected(SwipeFeedback)
        /// A code this driver does not know; the capture is abandoned.
        case unknown(UInt8)
    }

    /// The coprocessor polls the host (type 0x08); answered with ``UPEKTCCommands/acknowledgePoll``.
    case poll
    /// A status message.
    case status(Status)
    /// Image bytes of the swipe the coprocessor assembled; `isLast` on the final piece.
    case frame([UInt8], isLast: Bool)
    /// A set-up reply (its content is not needed).
    case setup

    /// Interprets one decoded message.
    init(_ message: UPEKTCMessage) throws(StripProblem) {
        guard message.type == 0x00 else {
            self = message.type == 0x08 ? .poll : .setup
            return
        }
        guard let kind = message.payload.first else { throw StripProblem("an empty data message") }
        switch kind {
        case 0x28:
            guard message.payload.count > 11 else { throw StripProblem("a status message of \(message.payload.count) bytes") }
            self = .status(Self.status(message.payload[11]))
        case 0x2c, 0x24, 0x20:
            // Pixels follow the kind byte; a first frame (0x2c) carries 10 bytes of swipe
            // information first, the last (0x20) 4 trailing bytes.
            let start = kind == 0x2c ? 11 : 1, end = message.payload.count - (kind == 0x20 ? 4 : 0)
            guard start < end else { throw StripProblem("an image message of \(message.payload.count) bytes") }
            self = .frame(Array(message.payload[start..<end]), isLast: kind == 0x20)
        default:
            self = .setup
        }
    }

    private static func status(_ code: UInt8) -> Status {
        switch code {
        case 0x0c: .noFinger
        case 0x00: .fingerPresent
        case 0x01: .fingerGone
        case 0x1e: .rejected(.tooShort)
        case 0x1d: .rejected(.tooSkewed)
        default: .unknown(code)
        }
    }
}
