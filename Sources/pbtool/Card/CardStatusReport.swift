import APDU
import PCSC

/// What `card status` found: the reader, the card's state and protocol, its decoded ATR, and what
/// the reader driver offers.
struct CardStatusReport: Encodable {
    let reader: ReaderChoice
    let cardPresent: Bool
    /// The reader's state bits (`present`, `inUse`, `exclusive`, …).
    let readerState: [String]
    let eventCount: Int
    /// `SCardStatus` bits (`present`, `powered`, `negotiable`, `specific`); nil when the card
    /// could not be connected to.
    let cardState: [String]?
    /// `T=0`, `T=1`, or nil.
    let activeProtocol: String?
    let atr: ATRReport?
    /// Reader attributes the driver provides, by name; empty for vpcd.
    let attributes: [String: String]
    /// PC/SC part 10 features with their control codes.
    let features: [String: String]
    /// Things the user should know: an exclusive holder, attributes not provided, …
    let notes: [String]

    private enum CodingKeys: String, CodingKey {
        case reader, cardPresent, readerState, eventCount, cardState, activeProtocol = "protocol", atr,
             attributes, features, notes
    }

    var lines: [String] {
        var lines = ["Reader: \(reader.name) (\(reader.explanation))"]
        lines.append("Card: " + (cardPresent ? "present" : "absent")
                     + (readerState.isEmpty ? "" : " [reader state: \(readerState.joined(separator: " "))]"))
        if let cardState { lines.append("Card state: \(cardState.joined(separator: " "))") }
        if let activeProtocol { lines.append("Protocol: \(activeProtocol)") }
        lines.append("Events seen by the reader: \(eventCount)")
        if let atr { lines += atr.lines }
        if !attributes.isEmpty {
            lines.append("Reader attributes:")
            lines += attributes.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }
        }
        if !features.isEmpty {
            lines.append("Reader features:")
            lines += features.sorted { $0.key < $1.key }.map { "  \($0.key): control code \($0.value)" }
        }
        lines += notes.map { "Note: \($0)" }
        return lines
    }
}
