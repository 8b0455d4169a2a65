internal import CPCSCLite

/// The card state bits of `SCardStatus` on pcsc-lite (`SCARD_ABSENT` … `SCARD_SPECIFIC`).
///
/// pcsc-lite returns bit flags here (Windows returns an enumeration), plus an event counter in
/// the upper 16 bits, which `CardStatus` splits off.
public struct CardStateFlags: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `SCARD_UNKNOWN`.
    public static let unknown = Self(rawValue: UInt32(SCARD_UNKNOWN))
    /// `SCARD_ABSENT`: no card in the reader.
    public static let absent = Self(rawValue: UInt32(SCARD_ABSENT))
    /// `SCARD_PRESENT`: a card is in the reader.
    public static let present = Self(rawValue: UInt32(SCARD_PRESENT))
    /// `SCARD_SWALLOWED`: a card is in position but not powered.
    public static let swallowed = Self(rawValue: UInt32(SCARD_SWALLOWED))
    /// `SCARD_POWERED`: the card is powered.
    public static let powered = Self(rawValue: UInt32(SCARD_POWERED))
    /// `SCARD_NEGOTIABLE`: the card awaits protocol negotiation (PPS).
    public static let negotiable = Self(rawValue: UInt32(SCARD_NEGOTIABLE))
    /// `SCARD_SPECIFIC`: a protocol has been set.
    public static let specific = Self(rawValue: UInt32(SCARD_SPECIFIC))

    /// Names in bit order, for text output.
    public static let named: [(flag: CardStateFlags, name: String)] = [
        (.unknown, "unknown"), (.absent, "absent"), (.present, "present"), (.swallowed, "swallowed"),
        (.powered, "powered"), (.negotiable, "negotiable"), (.specific, "specific"),
    ]

    /// The names of the bits that are set.
    public var names: [String] { Self.named.filter { contains($0.flag) }.map(\.name) }

    public var description: String { names.joined(separator: " ") }
}

/// What `SCardStatus` says about a connected card.
public struct CardStatus: Sendable, Equatable {
    /// The reader's names (pcsc-lite gives one).
    public let readerNames: [String]
    /// The state bits.
    public let flags: CardStateFlags
    /// The reader's event counter (upper 16 bits of the state word).
    public let eventCount: Int
    /// The protocol in use, if one was negotiated.
    public let activeProtocol: CardProtocol?
    /// The card's answer to reset.
    public let atr: [UInt8]
}
