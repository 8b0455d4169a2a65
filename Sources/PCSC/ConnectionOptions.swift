internal import CPCSCLite

/// How a connection shares the card with other applications (`SCARD_SHARE_*`).
public enum ShareMode: String, Sendable, CaseIterable {
    /// `SCARD_SHARE_SHARED`: other applications may connect too; use transactions for sequences.
    case shared
    /// `SCARD_SHARE_EXCLUSIVE`: no other application may connect while this one is connected.
    case exclusive
    /// `SCARD_SHARE_DIRECT`: talk to the reader itself (control codes), card or not.
    case direct

    var raw: UInt {
        switch self {
        case .shared: UInt(SCARD_SHARE_SHARED)
        case .exclusive: UInt(SCARD_SHARE_EXCLUSIVE)
        case .direct: UInt(SCARD_SHARE_DIRECT)
        }
    }
}

/// What happens to the card when a connection or transaction ends (`SCARD_*_CARD`).
public enum Disposition: String, Sendable, CaseIterable {
    /// `SCARD_LEAVE_CARD`: leave it as it is (pbtool's default, unlike pcsc-rust's reset).
    case leave
    /// `SCARD_RESET_CARD`: warm reset; applets lose their session state.
    case reset
    /// `SCARD_UNPOWER_CARD`: power the card down.
    case unpower
    /// `SCARD_EJECT_CARD`: eject it, on readers that can.
    case eject

    var raw: UInt {
        switch self {
        case .leave: UInt(SCARD_LEAVE_CARD)
        case .reset: UInt(SCARD_RESET_CARD)
        case .unpower: UInt(SCARD_UNPOWER_CARD)
        case .eject: UInt(SCARD_EJECT_CARD)
        }
    }
}

/// The transmission protocol in use on a connection (`SCARD_PROTOCOL_*`).
public enum CardProtocol: String, Sendable, CaseIterable {
    /// ISO 7816-3 T=0, character oriented.
    case t0 = "T=0"
    /// ISO 7816-3 T=1, block oriented.
    case t1 = "T=1"
    /// Raw: for direct connections and memory cards.
    case raw = "RAW"
    /// T=15 (global interface bytes only; never negotiated for data).
    case t15 = "T=15"

    init?(raw: UInt) {
        switch Int32(truncatingIfNeeded: raw) {
        case SCARD_PROTOCOL_T0: self = .t0
        case SCARD_PROTOCOL_T1: self = .t1
        case SCARD_PROTOCOL_RAW: self = .raw
        case SCARD_PROTOCOL_T15: self = .t15
        default: return nil
        }
    }
}

/// The protocols a connection may agree on (`SCARD_PROTOCOL_*` bits).
public struct CardProtocols: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// T=0.
    public static let t0 = Self(rawValue: UInt32(SCARD_PROTOCOL_T0))
    /// T=1.
    public static let t1 = Self(rawValue: UInt32(SCARD_PROTOCOL_T1))
    /// Raw.
    public static let raw = Self(rawValue: UInt32(SCARD_PROTOCOL_RAW))
    /// T=0 or T=1, whichever the reader and card agree on (`SCARD_PROTOCOL_ANY`).
    public static let any: Self = [.t0, .t1]
}
