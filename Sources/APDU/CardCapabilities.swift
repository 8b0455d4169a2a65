/// The card capabilities, COMPACT-TLV tag `7` in the historical bytes: up to three bytes (ISO/IEC
/// 7816-4 §8.1.1.2.7, tables 86–88; byte 3 b6 as in 7816-4:2013).
public struct CardCapabilities: Hashable, Sendable, Encodable {
    /// Byte 2 b7-b6: what a write does to existing data.
    public enum WriteBehaviour: String, Sendable, Encodable {
        case oneTimeWrite, proprietary, writeOR, writeAND

        var text: String {
            switch self {
            case .oneTimeWrite: return "one-time write"
            case .proprietary: return "proprietary"
            case .writeOR: return "write OR"
            case .writeAND: return "write AND"
            }
        }
    }

    /// Byte 3 b5-b4: who assigns logical channel numbers.
    public enum ChannelAssignment: String, Sendable, Encodable {
        case noLogicalChannels, byInterfaceDevice, byCard, byCardAndInterfaceDevice

        var text: String {
            switch self {
            case .noLogicalChannels: return "No logical channel"
            case .byInterfaceDevice: return "by the interface device"
            case .byCard: return "by the card"
            case .byCardAndInterfaceDevice: return "by the card and the interface device"
            }
        }
    }

    /// The 1–3 bytes as given.
    public let bytes: [UInt8]

    /// `nil` unless `bytes` holds 1 to 3 bytes.
    public init?(bytes: [UInt8]) {
        guard (1...3).contains(bytes.count) else { return nil }
        self.bytes = bytes
    }

    private func bit(_ byte: Int, _ mask: UInt8) -> Bool? {
        bytes.count > byte ? bytes[byte] & mask != 0 : nil
    }

    // Byte 1: selection methods.
    /// Byte 1 b8: DF selection by full DF name.
    public var selectsDFByFullName: Bool { bytes[0] & 0x80 != 0 }
    /// Byte 1 b7: DF selection by partial DF name.
    public var selectsDFByPartialName: Bool { bytes[0] & 0x40 != 0 }
    /// Byte 1 b6: DF selection by path.
    public var selectsDFByPath: Bool { bytes[0] & 0x20 != 0 }
    /// Byte 1 b5: DF selection by file identifier.
    public var selectsDFByFileIdentifier: Bool { bytes[0] & 0x10 != 0 }
    /// Byte 1 b4: implicit DF selection.
    public var selectsDFImplicitly: Bool { bytes[0] & 0x08 != 0 }
    /// Byte 1 b3: short EF identifier supported.
    public var supportsShortEFIdentifier: Bool { bytes[0] & 0x04 != 0 }
    /// Byte 1 b2: record number supported.
    public var supportsRecordNumber: Bool { bytes[0] & 0x02 != 0 }
    /// Byte 1 b1: record identifier supported.
    public var supportsRecordIdentifier: Bool { bytes[0] & 0x01 != 0 }

    // Byte 2: data coding.
    /// b8: EFs of BER-TLV structure supported.
    public var supportsBERTLVFiles: Bool? { bit(1, 0x80) }
    /// Byte 2 b7-b6, when byte 2 is present.
    public var writeBehaviour: WriteBehaviour? {
        bytes.count > 1 ? [.oneTimeWrite, .proprietary, .writeOR, .writeAND][Int(bytes[1] >> 5 & 0x03)] : nil
    }
    /// b5: `FF` is a valid first tag byte (otherwise it is padding).
    public var allowsFFAsFirstTagByte: Bool? { bit(1, 0x10) }
    /// b4-b1: data unit size in quartets, 2^n.
    public var dataUnitQuartets: Int? { bytes.count > 1 ? 1 << Int(bytes[1] & 0x0F) : nil }

    // Byte 3: chaining, lengths, channels.
    /// Byte 3 b8, when byte 3 is present.
    public var supportsCommandChaining: Bool? { bit(2, 0x80) }
    /// Byte 3 b7: extended Lc and Le fields, when byte 3 is present.
    public var supportsExtendedLengths: Bool? { bit(2, 0x40) }
    /// b6 (7816-4:2013): extended length information in EF.ATR/INFO (DO `7F66`).
    public var hasExtendedLengthInformation: Bool? { bit(2, 0x20) }
    /// Byte 3 b5-b4, when byte 3 is present.
    public var channelAssignment: ChannelAssignment? {
        bytes.count > 2 ? [.noLogicalChannels, .byInterfaceDevice, .byCard, .byCardAndInterfaceDevice][Int(bytes[2] >> 3 & 0x03)] : nil
    }
    /// b3-b1 + 1; 8 means "8 or more".
    public var maximumLogicalChannels: Int? { bytes.count > 2 ? Int(bytes[2] & 0x07) + 1 : nil }

    private enum CodingKeys: String, CodingKey {
        case value, selectionMethods, supportsBERTLVFiles, writeBehaviour, allowsFFAsFirstTagByte, dataUnitQuartets,
             supportsCommandChaining, supportsExtendedLengths, hasExtendedLengthInformation, channelAssignment,
             maximumLogicalChannels
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bytes.hexString(), forKey: .value)
        try container.encode(selectionLines, forKey: .selectionMethods)
        try container.encodeIfPresent(supportsBERTLVFiles, forKey: .supportsBERTLVFiles)
        try container.encodeIfPresent(writeBehaviour, forKey: .writeBehaviour)
        try container.encodeIfPresent(allowsFFAsFirstTagByte, forKey: .allowsFFAsFirstTagByte)
        try container.encodeIfPresent(dataUnitQuartets, forKey: .dataUnitQuartets)
        try container.encodeIfPresent(supportsCommandChaining, forKey: .supportsCommandChaining)
        try container.encodeIfPresent(supportsExtendedLengths, forKey: .supportsExtendedLengths)
        try container.encodeIfPresent(hasExtendedLengthInformation, forKey: .hasExtendedLengthInformation)
        try container.encodeIfPresent(channelAssignment, forKey: .channelAssignment)
        try container.encodeIfPresent(maximumLogicalChannels, forKey: .maximumLogicalChannels)
    }
}

extension CardCapabilities {
    /// Byte 1 as lines, one per supported method.
    public var selectionLines: [String] {
        let names: [(Bool, String)] = [
            (selectsDFByFullName, "DF selection by full DF name"), (selectsDFByPartialName, "DF selection by partial DF name"),
            (selectsDFByPath, "DF selection by path"), (selectsDFByFileIdentifier, "DF selection by file identifier"),
            (selectsDFImplicitly, "Implicit DF selection"), (supportsShortEFIdentifier, "Short EF identifier supported"),
            (supportsRecordNumber, "Record number supported"), (supportsRecordIdentifier, "Record identifier supported"),
        ]
        return names.filter(\.0).map(\.1)
    }

    /// Byte 2 as lines.
    public var dataCodingLines: [String] {
        guard let writeBehaviour, let dataUnitQuartets, let allowsFF = allowsFFAsFirstTagByte else { return [] }
        var lines: [String] = []
        if supportsBERTLVFiles == true { lines.append("EFs of BER-TLV structure supported") }
        lines.append("Behaviour of write functions: \(writeBehaviour.text)")
        lines.append("Value 'FF' for the first byte of BER-TLV tag fields: \(allowsFF ? "valid" : "invalid")")
        lines.append("Data unit in quartets: \(dataUnitQuartets)")
        return lines
    }

    /// Byte 3 as lines.
    public var chainingLines: [String] {
        guard let channelAssignment, let maximumLogicalChannels else { return [] }
        var lines: [String] = []
        if supportsCommandChaining == true { lines.append("Command chaining") }
        if supportsExtendedLengths == true { lines.append("Extended Lc and Le fields") }
        if hasExtendedLengthInformation == true { lines.append("Extended length information in EF.ATR/INFO") }
        lines.append("Logical channel number assignment: \(channelAssignment.text)")
        lines.append("Maximum number of logical channels: \(maximumLogicalChannels == 8 ? "8 or more" : String(maximumLogicalChannels))")
        return lines
    }
}
