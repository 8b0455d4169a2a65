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
        let (attributes, features) = card.map { readerOffers($0, notes: &notes) } ?? ([:], [:])
        if card != nil && attributes.isEmpty && features.isEmpty {
            notes.append("the reader driver provides no attributes or part 10 features")
        }
        var report = CardStatusReport(
            reader: choice, cardPresent: state.isCardPresent,
            readerState: state.flags.subtracting(.changed).names, eventCount: state.eventCount,
            cardState: status?.flags.names, activeProtocol: status?.activeProtocol?.rawValue,
            atr: atrBytes.isEmpty ? nil : ATRReport(ATR(bytes: atrBytes), names: names),
            attributes: attributes, features: features, notes: notes)
        report.edges = try card.map { try CardEdgesReport(channel: $0) }
        return report
    }

    /// The attributes and features the driver answers. Unsupported ones are simply absent; any
    /// other failure becomes a note, so that status still shows what it could find.
    private func readerOffers(_ card: PCSCCard, notes: inout [String]) -> ([String: String], [String: String]) {
        var attributes: [String: String] = [:]
        let queries: [(name: String, attribute: ReaderAttribute, isText: Bool)] = [
            ("vendorName", .vendorName, true), ("vendorIFDType", .vendorIFDType, true),
            ("vendorIFDSerialNumber", .vendorIFDSerialNumber, true), ("vendorIFDVersion", .vendorIFDVersion, false),
            ("channelID", .channelID, false), ("maxInput", .maxInput, false),
        ]
        for query in queries {
            do {
                guard let value = try card.attribute(query.attribute) else { continue }
                attributes[query.name] = query.isText
                    ? String(decoding: value.prefix { $0 != 0 }, as: UTF8.self) : value.hexString()
            } catch {
                notes.append("reader attribute \(query.name): \(error)")
            }
        }
        var features: [String: String] = [:]
        do {
            for (feature, code) in try card.features() {
                features[feature.description] = "0x" + String(code, radix: 16, uppercase: true)
            }
        } catch {
            notes.append("reader features: \(error)")
        }
        return (attributes, features)
    }
}
