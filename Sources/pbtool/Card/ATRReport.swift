import APDU

/// An ATR decoded for people and scripts: the fields, the warnings, and the card's names in
/// pcsc-tools' smartcard_list.txt when it is installed.
struct ATRReport: Encodable {
    let decoded: ATR
    let fields: [ATRField]
    /// The names of every matching smartcard_list.txt entry; nil when no list is installed.
    let knownAs: [String]?
    /// The list consulted, if any.
    let cardList: String?

    init(_ atr: ATR, names: CardNames) {
        decoded = atr
        fields = atr.fields
        knownAs = names.isAvailable ? names.lookUp(atr.bytes) : nil
        cardList = names.path
    }

    private enum CodingKeys: String, CodingKey { case decoded, fields, knownAs, cardList }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(decoded, forKey: .decoded)
        try container.encode(fields, forKey: .fields)
        try container.encode(knownAs, forKey: .knownAs)
        try container.encode(cardList, forKey: .cardList)
    }

    /// The listing: every field indented under the ATR, then warnings, then the names.
    var lines: [String] {
        var lines = ["ATR: \(decoded.hexString)"]
        lines += decoded.fieldLines.map { "  " + $0 }
        if decoded.warnings.isEmpty {
            lines.append("Warnings: none")
        } else {
            lines.append("Warnings:")
            lines += decoded.warnings.map { "  - \($0)" }
        }
        lines += nameLines
        return lines
    }

    private var nameLines: [String] {
        guard let knownAs, let cardList else {
            return ["Known as: (no smartcard_list.txt installed; `apt-get install pcsc-tools` adds one)"]
        }
        if knownAs.isEmpty { return ["Known as: not in \(cardList)"] }
        return ["Known as (\(cardList)):"] + knownAs.map { "  \($0)" }
    }
}
