internal import CPCSCLite

/// The state bits pcsc-lite reports for a reader (`SCARD_STATE_*`), without the event counter.
///
/// pcsc-lite keeps an event counter in the upper 16 bits of the same word; `ReaderState`
/// splits it off into `eventCount`.
public struct ReaderStateFlags: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `SCARD_STATE_IGNORE`: the caller asked not to be told about this reader.
    public static let ignore = Self(bit: SCARD_STATE_IGNORE)
    /// `SCARD_STATE_CHANGED`: differs from the state the caller passed in.
    public static let changed = Self(bit: SCARD_STATE_CHANGED)
    /// `SCARD_STATE_UNKNOWN`: no reader of that name (it was unplugged).
    public static let unknown = Self(bit: SCARD_STATE_UNKNOWN)
    /// `SCARD_STATE_UNAVAILABLE`: the reader's state cannot be read.
    public static let unavailable = Self(bit: SCARD_STATE_UNAVAILABLE)
    /// `SCARD_STATE_EMPTY`: no card in the reader.
    public static let empty = Self(bit: SCARD_STATE_EMPTY)
    /// `SCARD_STATE_PRESENT`: a card is in the reader.
    public static let present = Self(bit: SCARD_STATE_PRESENT)
    /// `SCARD_STATE_ATRMATCH`: the card's ATR matches a requested one.
    public static let atrMatch = Self(bit: SCARD_STATE_ATRMATCH)
    /// `SCARD_STATE_EXCLUSIVE`: another application holds the card exclusively.
    public static let exclusive = Self(bit: SCARD_STATE_EXCLUSIVE)
    /// `SCARD_STATE_INUSE`: applications have the card open in shared mode.
    public static let inUse = Self(bit: SCARD_STATE_INUSE)
    /// `SCARD_STATE_MUTE`: the card does not answer reset.
    public static let mute = Self(bit: SCARD_STATE_MUTE)
    /// `SCARD_STATE_UNPOWERED`: the card is not powered.
    public static let unpowered = Self(bit: SCARD_STATE_UNPOWERED)

    private init(bit: Int32) { self.init(rawValue: UInt32(bit)) }

    /// Names in bit order, for text output: `changed present inUse`.
    public static let named: [(flag: ReaderStateFlags, name: String)] = [
        (.ignore, "ignore"), (.changed, "changed"), (.unknown, "unknown"), (.unavailable, "unavailable"),
        (.empty, "empty"), (.present, "present"), (.atrMatch, "atrMatch"), (.exclusive, "exclusive"),
        (.inUse, "inUse"), (.mute, "mute"), (.unpowered, "unpowered"),
    ]

    /// The names of the bits that are set.
    public var names: [String] { Self.named.filter { contains($0.flag) }.map(\.name) }

    public var description: String { names.isEmpty ? "unaware" : names.joined(separator: " ") }
}
