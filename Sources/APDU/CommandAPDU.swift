/// A command APDU (ISO/IEC 7816-4 §5.1): header, optional data (Nc bytes) and an optional maximum
/// response length Ne.
///
/// The four cases and the short/extended length encodings are derived from `data` and `ne`; the
/// encoding is chosen automatically unless forced. Values are validated when built, so `bytes`
/// never fails.
public struct CommandAPDU: Hashable, Sendable, CustomStringConvertible {
    /// How Lc and Le are written.
    public enum LengthEncoding: String, Sendable, Codable {
        /// Short when Nc ≤ 255 and Ne ≤ 256, extended otherwise.
        case automatic
        /// 1-byte Lc and Le; building fails when the lengths do not fit.
        case short
        /// 3-byte Lc/Le fields (`00` + 2 bytes; 2 bytes for Le after an Lc).
        case extended
    }

    /// The four command cases of 7816-4 §5.1 (table 1).
    public enum Case: Int, Sendable, Codable {
        /// No data, no response data.
        case one = 1
        /// Response data only.
        case two = 2
        /// Data only.
        case three = 3
        /// Data and response data.
        case four = 4
    }

    /// Largest Nc (extended Lc).
    public static let maximumDataCount = 65_535
    /// Largest Ne (extended Le `0000`).
    public static let maximumExpectedLength = 65_536
    /// Largest Nc in short encoding.
    public static let maximumShortDataCount = 255
    /// Largest Ne in short encoding (Le `00`).
    public static let maximumShortExpectedLength = 256

    /// The class byte (see `classByte` for its bits).
    public var cla: UInt8
    /// The instruction byte.
    public var ins: UInt8
    /// Parameter 1.
    public var p1: UInt8
    /// Parameter 2.
    public var p2: UInt8
    /// The command data field; its count is Nc.
    public let data: [UInt8]
    /// Ne, the maximum number of response data bytes expected (1…65 536); `nil` means no Le field.
    /// Le `00` (short) stands for 256 and `0000` (extended) for 65 536.
    public let ne: Int?
    /// The encoding asked for; `usesExtendedLength` says what `bytes` will use.
    public let lengthEncoding: LengthEncoding

    /// Builds a command and checks its lengths.
    /// - Throws: `APDUError.dataTooLong`, `.expectedLengthOutOfRange`, `.tooLongForShortEncoding`.
    public init(cla: UInt8 = 0x00, ins: UInt8, p1: UInt8 = 0x00, p2: UInt8 = 0x00,
                data: [UInt8] = [], ne: Int? = nil, encoding: LengthEncoding = .automatic) throws {
        guard data.count <= Self.maximumDataCount else { throw APDUError.dataTooLong(count: data.count) }
        if let ne, !(1...Self.maximumExpectedLength).contains(ne) {
            throw APDUError.expectedLengthOutOfRange(ne)
        }
        if encoding == .short, !Self.fitsShort(dataCount: data.count, ne: ne) {
            throw APDUError.tooLongForShortEncoding(dataCount: data.count, expectedLength: ne)
        }
        self.cla = cla
        self.ins = ins
        self.p1 = p1
        self.p2 = p2
        self.data = data
        self.ne = ne
        self.lengthEncoding = encoding
    }

    /// Nc, the number of command data bytes.
    public var nc: Int { data.count }

    /// Case 1–4, from whether data and Ne are present.
    public var apduCase: Case {
        switch (data.isEmpty, ne == nil) {
        case (true, true): return .one
        case (true, false): return .two
        case (false, true): return .three
        case (false, false): return .four
        }
    }

    /// Whether `bytes` writes extended Lc/Le fields (never for case 1, which has none).
    public var usesExtendedLength: Bool {
        guard apduCase != .one else { return false }
        switch lengthEncoding {
        case .short: return false
        case .extended: return true
        case .automatic: return !Self.fitsShort(dataCount: data.count, ne: ne)
        }
    }

    /// The CLA byte decoded (channel, chaining, secure messaging).
    public var classByte: ClassByte {
        get { ClassByte(rawValue: cla) }
        set { cla = newValue.rawValue }
    }

    /// The encoded command: `CLA INS P1 P2 [Lc data] [Le]`.
    public var bytes: [UInt8] {
        var encoded = [cla, ins, p1, p2]
        let extended = usesExtendedLength
        if !data.isEmpty {
            if extended {
                encoded += [0x00, UInt8(data.count >> 8), UInt8(data.count & 0xFF)]
            } else {
                encoded.append(UInt8(data.count))
            }
            encoded += data
        }
        if let ne {
            if extended {
                // 7816-4 §5.1: extended Le after an extended Lc has no leading 00; Le 0000 = 65 536.
                if data.isEmpty { encoded.append(0x00) }
                let field = ne == Self.maximumExpectedLength ? 0 : ne
                encoded += [UInt8(field >> 8), UInt8(field & 0xFF)]
            } else {
                encoded.append(ne == Self.maximumShortExpectedLength ? 0x00 : UInt8(ne))
            }
        }
        return encoded
    }

    /// The same command with another Ne (the `6CXX` re-send), keeping the encoding request.
    /// - Throws: as `init`, when the new Ne is out of range or does not fit a forced encoding.
    public func withExpectedLength(_ ne: Int?) throws -> CommandAPDU {
        try CommandAPDU(cla: cla, ins: ins, p1: p1, p2: p2, data: data, ne: ne, encoding: lengthEncoding)
    }

    public var description: String { bytes.hexString() }

    static func fitsShort(dataCount: Int, ne: Int?) -> Bool {
        dataCount <= maximumShortDataCount && (ne ?? 0) <= maximumShortExpectedLength
    }
}
