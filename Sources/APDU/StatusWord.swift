/// The two status bytes SW1 SW2 that end every response (ISO/IEC 7816-4 §5.6).
///
/// Any 16-bit value is representable; words outside the 7816-4 table keep their value and describe
/// themselves by their SW1 group.
public struct StatusWord: RawRepresentable, Hashable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The groups of 7816-4 §5.6 table 5.
    public enum Category: String, Sendable, Codable {
        /// `9000`, `61XX`.
        case normal
        /// `62XX`, `63XX`.
        case warning
        /// `64XX`–`66XX`.
        case executionError
        /// `67XX`–`6FXX`.
        case checkingError
        /// `9XXX` other than `9000`: meaning defined by the application.
        case proprietary
        /// Anything outside `6XXX`/`9XXX`, and `60XX` (a T=0 procedure byte, never a status).
        case invalid
    }

    /// What the command did to non-volatile memory, where the SW1 group says (7816-4 §5.6).
    public enum MemoryEffect: String, Sendable, Codable {
        case unchanged
        case changed
    }

    public let rawValue: UInt16

    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public init(integerLiteral value: UInt16) { self.init(rawValue: value) }

    public init(sw1: UInt8, sw2: UInt8) { self.init(rawValue: UInt16(sw1) << 8 | UInt16(sw2)) }

    /// The first status byte.
    public var sw1: UInt8 { UInt8(rawValue >> 8) }
    /// The second status byte.
    public var sw2: UInt8 { UInt8(rawValue & 0xFF) }

    /// The SW1 group.
    public var category: Category {
        switch sw1 {
        case 0x90 where sw2 == 0x00, 0x61: return .normal
        case 0x62, 0x63: return .warning
        case 0x64...0x66: return .executionError
        case 0x67...0x6F: return .checkingError
        case 0x90...0x9F: return .proprietary
        default: return .invalid
        }
    }

    /// `unchanged` for `62`, `64`, `67`–`6F`; `changed` for `63`, `65`; `nil` where 7816-4 does not say.
    public var nonVolatileMemory: MemoryEffect? {
        switch sw1 {
        case 0x62, 0x64, 0x67...0x6F: return .unchanged
        case 0x63, 0x65: return .changed
        default: return nil
        }
    }

    /// Normal processing: `9000` or `61XX`.
    public var isSuccess: Bool { category == .normal }
    /// `62XX` or `63XX`.
    public var isWarning: Bool { category == .warning }
    /// `64XX`–`6FXX`.
    public var isError: Bool { category == .executionError || category == .checkingError }

    /// For `63CX`: X, the remaining tries (VERIFY, CHANGE/RESET REFERENCE DATA) or the counter value.
    public var retriesLeft: Int? {
        sw1 == 0x63 && sw2 & 0xF0 == 0xC0 ? Int(sw2 & 0x0F) : nil
    }

    /// For `61XX`: bytes still available through GET RESPONSE (`6100` = 256 or more).
    public var bytesAvailable: Int? {
        sw1 == 0x61 ? (sw2 == 0 ? 256 : Int(sw2)) : nil
    }

    /// For `6CXX`: the exact Le the card wants the command re-sent with (`6C00` = 256).
    public var exactLength: Int? {
        sw1 == 0x6C ? (sw2 == 0 ? 256 : Int(sw2)) : nil
    }

    /// Whether 7816-4 defines this exact word (or its parametric `61XX`/`63CX`/`6CXX` form).
    public var isDefinedByISO: Bool {
        Self.isoMeanings[rawValue] != nil || bytesAvailable != nil || retriesLeft != nil || exactLength != nil
    }

    /// A readable meaning, e.g. "Security status not satisfied" or "Verification failed, 2 tries left".
    public var meaning: String {
        if let available = bytesAvailable {
            return sw2 == 0 ? "Normal processing, 256 or more bytes available (GET RESPONSE)"
                : "Normal processing, \(available) bytes available (GET RESPONSE)"
        }
        if let left = retriesLeft {
            return "Verification failed or counter warning, \(left) \(left == 1 ? "try" : "tries") left"
        }
        if let exact = exactLength { return "Wrong Le; re-send with Le = \(exact)" }
        if let known = Self.isoMeanings[rawValue] { return known }
        return "\(Self.groupMeaning(sw1: sw1)) (\(hex) has no specific meaning in ISO 7816-4)"
    }

    /// The word as 4 hex digits, e.g. `6982`.
    public var hex: String { [sw1, sw2].hexString(separator: "") }

    public var description: String { "\(hex) \(meaning)" }
}

extension StatusWord: Codable {
    /// Encodes as the 4-hex-digit string (`"6982"`), which is how people search for status words.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        let bytes = try [UInt8](hex: text)
        guard bytes.count == 2 else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "status word \"\(text)\" is not 2 bytes")
        }
        self.init(sw1: bytes[0], sw2: bytes[1])
    }
}
