/// A PC/SC part 10 reader feature (`FEATURE_*`), as listed by `CM_IOCTL_GET_FEATURE_REQUEST`.
public struct ReaderFeature: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `FEATURE_VERIFY_PIN_DIRECT`: PIN entry on the reader's pad.
    public static let verifyPINDirect = Self(rawValue: 0x06)
    /// `FEATURE_MODIFY_PIN_DIRECT`: PIN change on the reader's pad.
    public static let modifyPINDirect = Self(rawValue: 0x07)
    /// `FEATURE_IFD_PIN_PROPERTIES`: the pad's display and timeout properties.
    public static let ifdPINProperties = Self(rawValue: 0x0A)
    /// `FEATURE_GET_TLV_PROPERTIES`: reader properties as TLV (max APDU size, VID/PID, …).
    public static let getTLVProperties = Self(rawValue: 0x12)
    /// `FEATURE_CCID_ESC_COMMAND`: vendor escape commands.
    public static let ccidEscapeCommand = Self(rawValue: 0x13)
    /// `FEATURE_EXECUTE_PACE`: PACE on the reader.
    public static let executePACE = Self(rawValue: 0x20)

    private static let names: [UInt8: String] = [
        0x01: "VERIFY_PIN_START", 0x02: "VERIFY_PIN_FINISH", 0x03: "MODIFY_PIN_START", 0x04: "MODIFY_PIN_FINISH",
        0x05: "GET_KEY_PRESSED", 0x06: "VERIFY_PIN_DIRECT", 0x07: "MODIFY_PIN_DIRECT", 0x08: "MCT_READER_DIRECT",
        0x09: "MCT_UNIVERSAL", 0x0A: "IFD_PIN_PROPERTIES", 0x0B: "ABORT", 0x0C: "SET_SPE_MESSAGE",
        0x0D: "VERIFY_PIN_DIRECT_APP_ID", 0x0E: "MODIFY_PIN_DIRECT_APP_ID", 0x0F: "WRITE_DISPLAY", 0x10: "GET_KEY",
        0x11: "IFD_DISPLAY_PROPERTIES", 0x12: "GET_TLV_PROPERTIES", 0x13: "CCID_ESC_COMMAND", 0x20: "EXECUTE_PACE",
    ]

    /// `FEATURE_VERIFY_PIN_DIRECT`, or the hex value of a feature part 10 does not name.
    public var description: String {
        Self.names[rawValue].map { "FEATURE_" + $0 } ?? "0x" + String(rawValue, radix: 16, uppercase: true)
    }

    /// Reads the answer to `CM_IOCTL_GET_FEATURE_REQUEST`: tag, length 4, big-endian control code.
    ///
    /// Entries with another length are skipped; a truncated tail is ignored.
    static func parse(_ bytes: [UInt8]) -> [ReaderFeature: UInt32] {
        var features: [ReaderFeature: UInt32] = [:]
        var index = 0
        while index + 2 <= bytes.count {
            let tag = bytes[index], length = Int(bytes[index + 1])
            let end = index + 2 + length
            guard end <= bytes.count else { break }
            if length == 4 {
                features[ReaderFeature(rawValue: tag)] = bytes[(index + 2)..<end].reduce(0) { $0 << 8 | UInt32($1) }
            }
            index = end
        }
        return features
    }
}
