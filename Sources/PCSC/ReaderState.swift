/// What is known about one reader, fed into `PCSCContext.waitForStatusChange` and updated by it.
///
/// Start with `ReaderState(reader:)` (state unaware: the first wait returns at once with the
/// current state), then pass the same values back in: the wait returns when something differs.
public struct ReaderState: Sendable, Equatable {
    /// The reader's name, or `PCSCContext.plugAndPlayReader` to hear about readers coming and going.
    public let reader: String
    /// The state bits from the last wait (`dwEventState` without the counter).
    public private(set) var flags: ReaderStateFlags
    /// pcsc-lite's per-reader event counter (upper 16 bits of `dwEventState`): it grows by one per
    /// insertion or removal, so a jump of two means a card was swapped between two waits.
    ///
    /// For the plug-and-play pseudo-reader pcsc-lite puts the number of readers here instead.
    public private(set) var eventCount: Int
    /// The card's ATR as pcsc-lite last read it; empty without a card.
    public private(set) var atr: [UInt8]
    /// The word passed as `dwCurrentState` in the next wait.
    var knownState: UInt

    /// A reader whose state the caller does not know yet.
    public init(reader: String) {
        self.reader = reader
        flags = []
        eventCount = 0
        atr = []
        knownState = 0
    }

    /// Whether a card is in the reader.
    public var isCardPresent: Bool { flags.contains(.present) }

    /// Whether the last wait reported a change for this reader.
    public var hasChanged: Bool { flags.contains(.changed) }

    /// Takes in what `SCardGetStatusChange` wrote, and remembers it for the next wait.
    mutating func update(eventState: UInt, atr newATR: [UInt8]) {
        flags = ReaderStateFlags(rawValue: UInt32(eventState & 0xFFFF))
        eventCount = Int((eventState >> 16) & 0xFFFF)
        atr = flags.contains(.present) ? newATR : []
        // Feeding CHANGED back in would make the next wait return at once (pcsc-lite compares the state given with the reader's).
        knownState = eventState & ~UInt(ReaderStateFlags.changed.rawValue)
    }
}
