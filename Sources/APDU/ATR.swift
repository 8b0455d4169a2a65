/// An Answer-to-Reset decoded per ISO/IEC 7816-3 §8.2: TS, T0, the interface bytes in their
/// protocol context, the historical bytes (7816-4 §8.1.1) and the check byte TCK.
///
/// Decoding never fails: malformed input (truncated, wrong TCK, too long, broken historical
/// bytes) is decoded as far as it goes and described in `warnings`. The derived parameters
/// (Fi/Di, guard time, T=1 and T=15 values) are in `ATR+Parameters.swift`; a field-by-field
/// listing like ATR_analysis is `fields`.
public struct ATR: Hashable, Sendable {
    /// The bit convention announced by TS.
    public enum Convention: String, Sendable, Encodable {
        /// TS = `3B`.
        case direct
        /// TS = `3F` (PC/SC hands the bytes over already decoded).
        case inverse
    }

    /// What the TCK check found.
    public enum Checksum: Hashable, Sendable, Encodable {
        /// TCK present and the XOR of T0…TCK is 0.
        case correct(UInt8)
        /// TCK present but wrong; `expected` is the value that would make the XOR 0.
        case incorrect(UInt8, expected: UInt8)
        /// Required but absent.
        case missing
        /// Only T=0 is indicated and no TCK is present, as it should be.
        case notRequired
    }

    /// Largest valid ATR, TS included.
    public static let maximumLength = 33

    /// The ATR exactly as received.
    public let bytes: [UInt8]
    /// From TS; `nil` when TS is neither `3B` nor `3F` (see `warnings`).
    public let convention: Convention?
    /// The format byte: Y1 (high nibble) and K (low nibble, number of historical bytes).
    public let formatByte: UInt8?
    /// TA1, TB1, TC1, TD1, TA2, … in order of appearance.
    public let interfaceBytes: [ATRInterfaceByte]
    /// T1…TK, decoded by their category indicator.
    public let historicalBytes: HistoricalBytes
    /// The TCK verdict.
    public let checksum: Checksum
    /// Every problem found, in the order met.
    public let warnings: [ATRWarning]

    /// Decodes an ATR; never fails (see `warnings`).
    public init(bytes: [UInt8]) {
        var reader = ATRReader(bytes: bytes)
        reader.readAll()
        self.bytes = bytes
        self.convention = reader.convention
        self.formatByte = reader.formatByte
        self.interfaceBytes = reader.interfaceBytes
        self.historicalBytes = reader.historical
        self.checksum = reader.checksum
        self.warnings = reader.warnings + Self.parameterWarnings(reader.interfaceBytes)
            + reader.historical.problems.map { ATRWarning(.malformedHistoricalBytes, $0) }
    }

    /// Decodes an ATR typed as hex (`3B 76 12 00 00 00 9C 11 01 03 03`).
    /// - Throws: `HexParseError` only; ATR problems are `warnings`.
    public init(hex: String) throws {
        self.init(bytes: try [UInt8](hex: hex))
    }

    /// K, the number of historical bytes T0 announces.
    public var announcedHistoricalCount: Int? { formatByte.map { Int($0 & 0x0F) } }

    /// Whether nothing at all was wrong.
    public var isWellFormed: Bool { warnings.isEmpty }

    /// The first interface byte of `kind` with index `index`.
    public func interfaceByte(_ kind: ATRInterfaceByte.Kind, _ index: Int) -> UInt8? {
        interfaceBytes.first { $0.kind == kind && $0.index == index }?.value
    }

    /// The first protocol-specific byte of `kind` for protocol `t` (i ≥ 3, 7816-3 §8.2.3).
    public func specificByte(_ kind: ATRInterfaceByte.Kind, forProtocol t: Int) -> UInt8? {
        interfaceBytes.first { $0.kind == kind && $0.index >= 3 && $0.protocolContext == t }?.value
    }

    /// Upper-case, space-separated hex, the form smartcard_list.txt matches against.
    public var hexString: String { bytes.hexString() }
}

/// Walks the ATR bytes once, collecting structure and structural warnings.
private struct ATRReader {
    let bytes: [UInt8]
    var position = 0
    var convention: ATR.Convention?
    var formatByte: UInt8?
    var interfaceBytes: [ATRInterfaceByte] = []
    var historical = HistoricalBytes(bytes: [])
    var checksum = ATR.Checksum.notRequired
    var warnings: [ATRWarning] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func readAll() {
        guard readInitialCharacter(), let t0 = readFormatByte(), readInterfaceBytes(t0: t0),
              readHistoricalBytes(t0: t0) else { return }
        readChecksum()
        if position < bytes.count {
            let extra = Array(bytes[position...])
            warnings.append(ATRWarning(.extraBytes, "\(extra.count) byte(s) after the ATR's last field: \(extra.hexString())"))
        }
        if bytes.count > ATR.maximumLength {
            warnings.append(ATRWarning(.tooLong, "ATR is \(bytes.count) bytes; ISO 7816-3 allows at most \(ATR.maximumLength)"))
        }
    }

    private mutating func readInitialCharacter() -> Bool {
        guard let ts = bytes.first else {
            warnings.append(ATRWarning(.truncated, "empty ATR: not even TS"))
            return false
        }
        position = 1
        switch ts {
        case 0x3B: convention = .direct
        case 0x3F: convention = .inverse
        case 0x03:
            warnings.append(ATRWarning(.invalidInitialCharacter, "TS = 03: an inverse-convention 3F read without decoding"))
        default:
            warnings.append(ATRWarning(.invalidInitialCharacter, "TS = \([ts].hexString()) is neither 3B (direct) nor 3F (inverse)"))
        }
        return true
    }

    private mutating func readFormatByte() -> UInt8? {
        guard position < bytes.count else {
            warnings.append(ATRWarning(.truncated, "ATR truncated after TS: T0 missing"))
            return nil
        }
        formatByte = bytes[position]
        position += 1
        return formatByte
    }

    private mutating func readInterfaceBytes(t0: UInt8) -> Bool {
        var presence = t0 & 0xF0
        var index = 1
        var context: Int?
        while true {
            for kind in ATRInterfaceByte.Kind.allCases where presence & kind.presenceBit != 0 {
                guard position < bytes.count else {
                    warnings.append(ATRWarning(.truncated, "ATR truncated: \(kind.rawValue)\(index) announced but missing"))
                    return false
                }
                interfaceBytes.append(ATRInterfaceByte(kind: kind, index: index, value: bytes[position], protocolContext: context))
                position += 1
            }
            guard let td = interfaceBytes.last, td.kind == .d, td.index == index else { return true }
            presence = td.value & 0xF0
            context = Int(td.value & 0x0F)
            index += 1
        }
    }

    private mutating func readHistoricalBytes(t0: UInt8) -> Bool {
        let announced = Int(t0 & 0x0F)
        let available = min(announced, bytes.count - position)
        historical = HistoricalBytes(bytes: Array(bytes[position..<(position + available)]))
        position += available
        guard available == announced else {
            warnings.append(ATRWarning(.truncated, "ATR truncated: T0 announces \(announced) historical bytes, \(available) present"))
            if tckRequired { checksum = .missing }
            return false
        }
        return true
    }

    private var tckRequired: Bool {
        // 7816-3 §8.2.5: TCK is absent iff only T=0 is indicated.
        interfaceBytes.contains { $0.kind == .d && $0.value & 0x0F != 0 }
    }

    private mutating func readChecksum() {
        let hasCandidate = position < bytes.count
        if tckRequired {
            guard hasCandidate else {
                checksum = .missing
                warnings.append(ATRWarning(.checksumMissing, "TCK missing although a protocol other than T=0 is indicated"))
                return
            }
            checksum = checkedTCK()
        } else if hasCandidate, position == bytes.count - 1, xorFromT0(through: position) == 0 {
            checksum = checkedTCK()
            warnings.append(ATRWarning(.checksumUnexpected, "TCK \([bytes[position - 1]].hexString()) present although only T=0 is indicated"))
        }
    }

    private mutating func checkedTCK() -> ATR.Checksum {
        let tck = bytes[position]
        let rest = xorFromT0(through: position - 1)
        position += 1
        guard rest ^ tck == 0 else {
            warnings.append(ATRWarning(.checksumIncorrect, "TCK \([tck].hexString()) is wrong; the XOR of T0…TCK must be 0, expected \([rest].hexString())"))
            return .incorrect(tck, expected: rest)
        }
        return .correct(tck)
    }

    private func xorFromT0(through last: Int) -> UInt8 {
        bytes[1...last].reduce(0, ^)
    }
}
