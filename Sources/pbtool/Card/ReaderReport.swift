import APDU
import PCSC

/// One reader as `card readers` shows it.
struct ReaderReport: Encodable {
    let name: String
    let cardPresent: Bool
    /// pcsc-lite's state bits by name (`present`, `inUse`, `exclusive`, `mute`, …).
    let state: [String]
    /// pcsc-lite's insert/remove counter for the reader.
    let eventCount: Int
    /// The card's ATR as hex, when a card is present.
    let atr: String?

    init(_ state: ReaderState) {
        name = state.reader
        cardPresent = state.isCardPresent
        self.state = state.flags.subtracting(.changed).names
        eventCount = state.eventCount
        atr = state.isCardPresent ? state.atr.hexString() : nil
    }

    /// `Virtual PCD 00 00: card present (present inUse), ATR 3B 8C …`.
    var line: String {
        let flags = state.isEmpty ? "" : " (\(state.joined(separator: " ")))"
        guard cardPresent, let atr else { return "\(name): no card\(flags)" }
        return "\(name): card present\(flags), ATR \(atr)"
    }

    /// Every reader pcscd lists, with its current state.
    static func all(context: PCSCContext) throws -> [ReaderReport] {
        var states = try context.readers().map { ReaderState(reader: $0) }
        if !states.isEmpty { try context.waitForStatusChange(&states, timeout: .zero) }
        return states.map(ReaderReport.init)
    }
}
