/// Why template bytes could not be read, or a record could not be written in a format.
///
/// Every case names the format, the field and, when reading, the byte offset, so a caller can
/// prefix the file name and show the message as it is.
public enum TemplateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes end inside `field`, which starts at `offset`; the input has `byteCount` bytes.
    case truncated(format: TemplateFormat, field: String, offset: Int, byteCount: Int)
    /// The bytes match none of the supported formats; `prefix` holds the first few bytes.
    case unrecognizedFormat(prefix: [UInt8])
    /// The record does not start with the 4-byte format identifier `FMR\0`.
    case wrongFormatIdentifier(format: TemplateFormat, found: [UInt8])
    /// The version field is not the one this codec reads (` 20\0` for both 2004/2005 editions).
    case unsupportedVersion(format: TemplateFormat, found: [UInt8])
    /// The record length field disagrees with the number of bytes given (or with where the
    /// finger views end).
    case lengthMismatch(format: TemplateFormat, declared: Int, actual: Int)
    /// The record declares zero finger views.
    case noFingerViews(format: TemplateFormat)
    /// A field read from the bytes holds a value the standard does not allow.
    case invalidField(format: TemplateFormat, field: String, offset: Int, value: Int, allowed: String)
    /// A value of the record cannot be written in the format (out of the field's range,
    /// not a finite number, too many minutiae …).
    case notRepresentable(format: TemplateFormat, field: String, value: String, allowed: String)
    /// This module does not convert between `MinutiaeRecord` and the format (the host format
    /// belongs to the engine's own template type).
    case formatNotConvertible(TemplateFormat)

    /// A one-line message naming the format, the field and the problem.
    public var description: String {
        switch self {
        case let .truncated(format, field, offset, byteCount):
            return "\(format.displayName) is truncated: \(field) at byte \(offset) runs past "
                + "the end of the \(byteCount)-byte input"
        case let .unrecognizedFormat(prefix):
            let shown = prefix.isEmpty ? "no bytes" : "bytes starting \(hex(prefix))"
            return "not a finger minutiae template (ISO/IEC 19794-2, ANSI INCITS 378, compact card "
                + "or host): \(shown)"
        case let .wrongFormatIdentifier(format, found):
            return "\(format.displayName) must start with the identifier 46 4D 52 00 (\"FMR\\0\"), "
                + "found \(hex(found))"
        case let .unsupportedVersion(format, found):
            return "\(format.displayName): unsupported version \(hex(found)) "
                + "(only 20 32 30 00, \" 20\\0\", is read)"
        case let .lengthMismatch(format, declared, actual):
            return "\(format.displayName): the record length field says \(declared) bytes "
                + "but the record has \(actual)"
        case let .noFingerViews(format):
            return "\(format.displayName) declares no finger views (at least one is required)"
        case let .invalidField(format, field, offset, value, allowed):
            return "\(format.displayName): \(field) at byte \(offset) is \(value); allowed: \(allowed)"
        case let .notRepresentable(format, field, value, allowed):
            return "cannot write \(format.displayName): \(field) is \(value); allowed: \(allowed)"
        case let .formatNotConvertible(format):
            return "\(format.displayName) is not converted to or from a minutiae record here"
        }
    }
}

/// Bytes as spaced upper-case hex, `46 4D 52 00`.
func hex(_ bytes: [UInt8]) -> String {
    bytes.map { byte in
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "0" + digits : digits
    }.joined(separator: " ")
}
