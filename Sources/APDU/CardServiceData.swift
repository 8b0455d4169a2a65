/// The card service data byte, COMPACT-TLV tag `3` in the historical bytes (ISO/IEC 7816-4
/// §8.1.1.2.3, table 85).
public struct CardServiceData: Hashable, Sendable, Encodable {
    /// b4-b2: how EF.DIR and EF.ATR are read.
    public enum FileAccess: String, Sendable, Encodable {
        /// `100`.
        case readBinary
        /// `000`.
        case readRecord
        /// `010`.
        case getData
        /// Any other value.
        case reserved
    }

    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// b8: application selection by full DF name.
    public var selectsByFullDFName: Bool { rawValue & 0x80 != 0 }
    /// b7: application selection by partial DF name.
    public var selectsByPartialDFName: Bool { rawValue & 0x40 != 0 }
    /// b6: BER-TLV data objects available in EF.DIR.
    public var hasDataObjectsInEFDIR: Bool { rawValue & 0x20 != 0 }
    /// b5: BER-TLV data objects available in EF.ATR.
    public var hasDataObjectsInEFATR: Bool { rawValue & 0x10 != 0 }

    /// b4-b2: the command that reads EF.DIR and EF.ATR.
    public var fileAccess: FileAccess {
        switch rawValue >> 1 & 0x07 {
        case 0b100: return .readBinary
        case 0b000: return .readRecord
        case 0b010: return .getData
        default: return .reserved
        }
    }

    /// b1 = 1: the card has no MF.
    public var hasMasterFile: Bool { rawValue & 0x01 == 0 }

    /// One line per fact, as ATR_analysis prints them.
    public var lines: [String] {
        var lines: [String] = []
        if selectsByFullDFName { lines.append("Application selection: by full DF name") }
        if selectsByPartialDFName { lines.append("Application selection: by partial DF name") }
        if hasDataObjectsInEFDIR { lines.append("BER-TLV data objects available in EF.DIR") }
        if hasDataObjectsInEFATR { lines.append("BER-TLV data objects available in EF.ATR") }
        let access: String
        switch fileAccess {
        case .readBinary: access = "by READ BINARY command"
        case .readRecord: access = "by READ RECORD(S) command"
        case .getData: access = "by GET DATA command"
        case .reserved: access = "reserved coding \(String(rawValue >> 1 & 0x07, radix: 2))"
        }
        lines.append("EF.DIR and EF.ATR access services: \(access)")
        lines.append(hasMasterFile ? "Card with MF" : "Card without MF")
        return lines
    }

    private enum CodingKeys: String, CodingKey {
        case value, selectsByFullDFName, selectsByPartialDFName, hasDataObjectsInEFDIR, hasDataObjectsInEFATR,
             fileAccess, hasMasterFile
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode([rawValue].hexString(), forKey: .value)
        try container.encode(selectsByFullDFName, forKey: .selectsByFullDFName)
        try container.encode(selectsByPartialDFName, forKey: .selectsByPartialDFName)
        try container.encode(hasDataObjectsInEFDIR, forKey: .hasDataObjectsInEFDIR)
        try container.encode(hasDataObjectsInEFATR, forKey: .hasDataObjectsInEFATR)
        try container.encode(fileAccess, forKey: .fileAccess)
        try container.encode(hasMasterFile, forKey: .hasMasterFile)
    }
}
