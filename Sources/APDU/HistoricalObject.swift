/// One COMPACT-TLV object of the historical bytes, with its meaning (ISO/IEC 7816-4 §8.1.1.2).
public struct HistoricalObject: Hashable, Sendable, Encodable {
    /// What the tag nibble stands for.
    public enum Kind: String, Sendable, Encodable {
        case countryCode, issuerIdentificationNumber, cardServiceData, initialAccessData, cardIssuerData,
             preIssuingData, cardCapabilities, statusIndicator, applicationIdentifier, reserved

        init(tag: UInt8) {
            switch tag {
            case 0x1: self = .countryCode
            case 0x2: self = .issuerIdentificationNumber
            case 0x3: self = .cardServiceData
            case 0x4: self = .initialAccessData
            case 0x5: self = .cardIssuerData
            case 0x6: self = .preIssuingData
            case 0x7: self = .cardCapabilities
            case 0x8: self = .statusIndicator
            case 0xF: self = .applicationIdentifier
            default: self = .reserved
            }
        }

        /// The name ATR_analysis prints.
        public var title: String {
            switch self {
            case .countryCode: return "country code, ISO 3166-1"
            case .issuerIdentificationNumber: return "issuer identification number, ISO 7812-1"
            case .cardServiceData: return "card service data byte"
            case .initialAccessData: return "initial access data"
            case .cardIssuerData: return "card issuer's data"
            case .preIssuingData: return "pre-issuing data"
            case .cardCapabilities: return "card capabilities"
            case .statusIndicator: return "status indicator"
            case .applicationIdentifier: return "application identifier"
            case .reserved: return "reserved for future use"
            }
        }
    }

    /// The tag nibble, 0–15.
    public let tag: UInt8
    /// The value bytes.
    public let value: [UInt8]
    /// What the tag stands for.
    public let kind: Kind
    /// Decoded tag `3` (exactly 1 byte).
    public let cardServiceData: CardServiceData?
    /// Decoded tag `7` (1–3 bytes).
    public let cardCapabilities: CardCapabilities?
    /// Decoded tag `8` (1–3 bytes).
    public let statusIndicator: StatusIndicator?
    /// Why the value could not be read as its tag says (wrong length), when it could not.
    public let problem: String?

    /// Gives a COMPACT-TLV object its historical-bytes meaning.
    public init(_ object: CompactTLV) {
        tag = object.tag
        value = object.value
        kind = Kind(tag: object.tag)
        cardServiceData = kind == .cardServiceData && value.count == 1 ? CardServiceData(rawValue: value[0]) : nil
        cardCapabilities = kind == .cardCapabilities ? CardCapabilities(bytes: value) : nil
        statusIndicator = kind == .statusIndicator ? StatusIndicator(bytes: value) : nil
        problem = Self.lengthProblem(kind: kind, count: value.count)
    }

    private static func lengthProblem(kind: Kind, count: Int) -> String? {
        let allowed: ClosedRange<Int>
        switch kind {
        case .cardServiceData: allowed = 1...1
        case .cardCapabilities, .statusIndicator: allowed = 1...3
        default: return nil
        }
        guard !allowed.contains(count) else { return nil }
        let expected = allowed.count == 1 ? "1 byte" : "1 to 3 bytes"
        return "compact-TLV \(kind.title) has \(count) byte(s); it must have \(expected)"
    }

    private enum CodingKeys: String, CodingKey {
        case tag, kind, value, cardServiceData, cardCapabilities, statusIndicator, problem
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(CompactTLV.name(tag), forKey: .tag)
        try container.encode(kind, forKey: .kind)
        try container.encode(value.hexString(), forKey: .value)
        try container.encodeIfPresent(cardServiceData, forKey: .cardServiceData)
        try container.encodeIfPresent(cardCapabilities, forKey: .cardCapabilities)
        try container.encodeIfPresent(statusIndicator, forKey: .statusIndicator)
        try container.encodeIfPresent(problem, forKey: .problem)
    }
}
