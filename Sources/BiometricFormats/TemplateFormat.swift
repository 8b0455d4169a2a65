/// The template byte formats pbtool reads and writes, and how to tell them apart.
///
/// Detection rule (``detect(_:)``, documented in docs/templates.md):
/// 1. Starts with ``hostIdentifier`` (`PBHT`) → ``host``.
/// 2. Starts with `FMR\0` → a finger minutiae record; ISO/IEC 19794-2:2005 and ANSI INCITS
///    378-2004 share the identifier and the version ` 20\0`, so the length field decides:
///    ISO stores a 4-byte length at offset 8, ANSI a 2-byte length at 8 (or `0000` and a 4-byte
///    length at 10 above 65,535 bytes). Whichever reading equals the byte count wins; the two
///    cannot both match (an ANSI short length puts a non-zero high half into ISO's field, making
///    it ≥ 65,536 × the length). When neither matches (truncated or padded input), non-zero
///    bytes 8–9 mean ANSI and zero bytes mean ISO, so the codec reports the length problem.
/// 3. Otherwise a non-empty multiple of 3 bytes whose minutia types are all valid (no `11`)
///    → ``compactCard``.
/// 4. Anything else → `nil`.
public enum TemplateFormat: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// ISO/IEC 19794-2:2005 finger minutiae record.
    case iso
    /// ANSI INCITS 378-2004 finger minutiae record.
    case ansi
    /// ISO/IEC 19794-2:2005 compact card format: 3 bytes per minutia, no header.
    case compactCard = "compact"
    /// The engine's own versioned host template; reserved here, read and written by the engine.
    case host

    /// The 4 bytes a host template starts with: `PBHT`.
    public static let hostIdentifier: [UInt8] = Array("PBHT".utf8)
    /// The identifier both record formats start with: `FMR\0`.
    static let recordIdentifier: [UInt8] = [0x46, 0x4D, 0x52, 0x00]

    /// The standard's name, for messages: "ISO/IEC 19794-2:2005 record".
    public var displayName: String {
        switch self {
        case .iso: return "ISO/IEC 19794-2:2005 record"
        case .ansi: return "ANSI INCITS 378-2004 record"
        case .compactCard: return "ISO/IEC 19794-2 compact card template"
        case .host: return "pbtool host template"
        }
    }

    /// The command-line spelling: `iso`, `ansi`, `compact`, `host`.
    public var description: String { rawValue }

    /// The format of `bytes` by the rule in the type's summary, or `nil` when none fits.
    /// Only looks at the header and, for compact card data, the type bits; it does not
    /// validate the rest.
    public static func detect(_ bytes: some Collection<UInt8>) -> TemplateFormat? {
        let bytes = Array(bytes)
        if bytes.starts(with: hostIdentifier) { return .host }
        if bytes.starts(with: recordIdentifier) { return recordFormat(of: bytes) }
        if CompactCardTemplate.isPlausible(bytes) { return .compactCard }
        return nil
    }

    /// ISO or ANSI for bytes that start with `FMR\0`, by the length fields.
    private static func recordFormat(of bytes: [UInt8]) -> TemplateFormat {
        let count = UInt32(truncatingIfNeeded: bytes.count)
        if bigEndianField(bytes, at: 8, size: 4) == count { return .iso }
        let shortLength = bigEndianField(bytes, at: 8, size: 2)
        if let shortLength, shortLength != 0, shortLength == count { return .ansi }
        if shortLength == 0, bigEndianField(bytes, at: 10, size: 4) == count { return .ansi }
        if let shortLength, shortLength != 0 { return .ansi }
        return .iso
    }
}
