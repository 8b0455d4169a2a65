import APDU
import PCSC

/// Gathers `card status` for one reader: its state from a status query, then the card's own
/// status over a shared connection, then the driver's attributes and features.
struct CardInspection {
    let context: PCSCContext
    let names: CardNames

    func inspect(_ choice: ReaderChoice) throws -> CardStatusReport {
        var states = [ReaderState(reader: choice.name)]
        try context.waitForStatusChange(&states, timeout: .zero)
        let state = states[0]
        var notes: [String] = []
        var card: PCSCCard?
        if state.isCardPresent {
            do {
                card = try context.connect(to: choice.name)
            } catch {
                guard error == .sharingViolation else { throw error }
                notes.append("another application holds the card exclusively; the ATR is pcscd's copy")
            }
        }
        let status = try card?.status()
        let atrBytes = status?.atr ?? state.atr
        let (attributes, features) = try card.map(readerOffers) ?? ([:], [:])
        if card != nil && attributes.isEmpty && features.isEmpty {
            notes.append("the reader driver provides no attributes or part 10 features")
        }
        return CardStatusReport(
            reader: choice, cardPresent: state.isCardPresent,
            readerState: state.flags.subtracting(.changed).names, eventCount: state.eventCount,
            cardState: status?.flags.names, activeProtocol: status?.activeProtocol?.rawValue,
            atr: atrBytes.isEmpty ? nil : ATRReport(ATR(bytes: atrBytes), names: names),
            attributes: attributes, features: features, notes: notes)
    }

    /// The attributes and features the driver answers; unsupported ones are simply absent.
    private func readerOffers(_ card: PCSCCard) throws -> ([String: String], [String: String]) {
        var attributes: [String: String] = [:]
        let textual: [(String, ReaderAttribute)] = [
            ("vendorName", .vendorName), ("vendorIFDType", .vendorIFDType),
            ("vendorIFDSerialNumber", .vendorIFDSerialNumber), ("deviceFriendlyName", .deviceFriendlyName),
        ]
        for (name, attribute) in textual {
            if let value = try card.attribute(attribute) {
                attributes[name] = String(decoding: value.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        for (name, attribute) in [("vendorIFDVersion", ReaderAttribute.vendorIFDVersion),
                                  ("channelID", .channelID), ("maxInput", .maxInput)] {
            if let value = try card.attribute(attribute) { attributes[name] = value.hexString() }
        }
        var features: [String: String] = [:]
        for (feature, code) in try card.features() {
            features[feature.description] = "0x" + String(code, radix: 16, uppercase: true)
        }
        return (attributes, features)
    }
}
