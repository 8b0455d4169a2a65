import APDU

/// Why a card-edge operation failed. Outcomes a user acts on (no match, tries left, blocked
/// verification) are `VerificationOutcome` values instead.
public enum CardEdgeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The card has no such application: SELECT answered `6A82`.
    case edgeNotFound(CardEdge)
    /// The card answered a status word the edge does not define for the operation.
    case unexpectedStatus(operation: String, status: StatusWord)
    /// The answer does not have the layout the edge defines.
    case malformedResponse(operation: String, reason: String)
    /// The card's life-cycle state does not allow the operation (`6985`, `6986`).
    case wrongState(operation: String, detail: String)
    /// A key must be verified first (`6982`): the admin key for management.
    case securityStatusNotSatisfied(operation: String)
    /// The key or PIN is wrong (`63CX`, `6300`).
    case wrongKey(key: String, retriesLeft: Int?)
    /// The key, PIN or finger is blocked (`6983`).
    case blocked(String)
    /// No reference is enrolled for the finger or reference (BioManager `6A82`, ISO `6A88`).
    case notEnrolled(String)
    /// The card refused the data as invalid (`6984`, `6A80`), e.g. a template it cannot use.
    case invalidData(operation: String)
    /// The card does not implement the command (`6D00`, `6E00`).
    case unsupported(operation: String)
    /// Input the host refuses before sending it: a PIN that is not 4–8 digits, a key of the
    /// wrong size.
    case invalidInput(String)
    /// The card's reference is in a format pbtool cannot build probes for (not compact card).
    case unsupportedFormat(what: String, format: String)
    /// The card left the reader during the operation.
    case cardRemoved
    /// Another application reset the card during the operation: selections and verified state
    /// are gone.
    case cardReset
    /// Another application holds the card (an exclusive connection or a transaction of its own).
    case cardBusy
    /// The reader or the service behind the connection (pcscd) went away; the channel's words.
    case connectionLost(String)
    /// The operation ran past its deadline; the channel's words.
    case timedOut(String)
    /// The operation was cancelled.
    case cancelled

    public var description: String {
        switch self {
        case .edgeNotFound(let edge):
            "the card has no \(edge.title) application (SELECT \(edge.aid.hexString(separator: "")) answered 6A82)"
        case .unexpectedStatus(let operation, let status):
            "\(operation): the card answered \(status)"
        case .malformedResponse(let operation, let reason):
            "\(operation): malformed answer: \(reason)"
        case .wrongState(let operation, let detail):
            "\(operation) is not allowed in the card's current state (\(detail))"
        case .securityStatusNotSatisfied(let operation):
            "\(operation) needs the admin key verified first (SW 6982)"
        case .wrongKey(let key, 0):
            // A BioManager key at zero tries is final: no command of the edge restores it.
            "wrong \(key); the \(key) is now blocked" + (key.hasSuffix(" key") ? " for good (no command unblocks it)" : "")
        case .wrongKey(let key, let retriesLeft):
            "wrong \(key)" + (retriesLeft.map { "; \($0) \($0 == 1 ? "try" : "tries") left" } ?? "")
        case .blocked(let what):
            "\(what) is blocked (SW 6983)"
        case .notEnrolled(let what):
            "no finger is enrolled as \(what)"
        case .invalidData(let operation):
            "\(operation): the card refused the data as invalid"
        case .unsupported(let operation):
            "\(operation): the card does not implement this command"
        case .invalidInput(let problem):
            problem
        case .unsupportedFormat(let what, let format):
            "\(what) holds a \(format) reference; pbtool builds ISO 19794-2 compact-card probes only"
        case .cardRemoved:
            "the card was removed during the command"
        case .cardReset:
            "another application reset the card during the command"
        case .cardBusy:
            "another application holds the card"
        case .connectionLost(let detail):
            "lost the connection to the card (did pcscd stop or the reader go?): \(detail)"
        case .timedOut(let detail):
            detail
        case .cancelled:
            "the card operation was cancelled"
        }
    }
}

extension CardEdgeError {
    /// The domain error for a channel failure (``CardChannelError``): a removed, reset or busy
    /// card, a lost connection, a timeout, a cancellation. Any other error comes back unchanged.
    public static func mapping(_ error: any Error) -> any Error {
        guard let channelError = error as? any CardChannelError, let fault = channelError.channelFault else { return error }
        switch fault {
        case .cardRemoved: return CardEdgeError.cardRemoved
        case .cardReset: return CardEdgeError.cardReset
        case .cardBusy: return CardEdgeError.cardBusy
        case .connectionLost: return CardEdgeError.connectionLost(String(describing: error))
        case .timedOut: return CardEdgeError.timedOut(String(describing: error))
        case .cancelled: return CardEdgeError.cancelled
        }
    }

    /// The error for a status word no operation-specific rule claimed.
    static func from(_ status: StatusWord, operation: String) -> CardEdgeError {
        switch status.rawValue {
        case 0x6985, 0x6986: .wrongState(operation: operation, detail: status.description)
        case 0x6982: .securityStatusNotSatisfied(operation: operation)
        case 0x6983: .blocked(operation)
        case 0x6984, 0x6A80: .invalidData(operation: operation)
        case 0x6D00, 0x6E00: .unsupported(operation: operation)
        default: .unexpectedStatus(operation: operation, status: status)
        }
    }
}
