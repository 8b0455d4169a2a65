/// One message from pcscd's vpcd driver to the card (vsmartcard's vpcd protocol).
///
/// A payload of one byte is a control code; anything longer is a command APDU.
public enum VPCDMessage: Sendable, Equatable {
    /// `00`: power the card off. No answer.
    case powerOff
    /// `01`: power the card on. No answer.
    case powerOn
    /// `02`: warm reset. No answer.
    case reset
    /// `04`: send the ATR. vpcd polls this constantly, whatever the power state.
    case getATR
    /// A one-byte code vpcd 3.3 does not define; it is ignored.
    case unknownControl(UInt8)
    /// A command APDU; the answer is the response APDU.
    case command([UInt8])

    /// Reads a frame's payload.
    ///
    /// Throws `VPCDFramingError.emptyPayload` for a zero-length frame, which vpcd never sends.
    public init(payload: [UInt8]) throws(VPCDFramingError) {
        guard let first = payload.first else { throw .emptyPayload }
        guard payload.count == 1 else {
            self = .command(payload)
            return
        }
        switch first {
        case 0x00: self = .powerOff
        case 0x01: self = .powerOn
        case 0x02: self = .reset
        case 0x04: self = .getATR
        default: self = .unknownControl(first)
        }
    }
}
