/// Why bytes could not be decoded as, or an image could not be encoded to, an image format.
///
/// The associated text names the problem in terms a user can act on ("16-bit samples",
/// "strip 3 of 12 is missing"); ``ImageFileError`` adds the file name.
public enum ImageCodecError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes start with no signature pbtool knows.
    case unrecognizedFormat(firstBytes: [UInt8])
    /// The file ends before the format says it should.
    case truncated(ImageFormat, String)
    /// The bytes contradict the format: bad header values, checksums, counts or markers.
    case malformed(ImageFormat, String)
    /// A valid file of a kind pbtool does not handle (16-bit samples, a colour palette, …).
    case unsupportedVariant(ImageFormat, String)
    /// The image cannot be written in this format (RGB as PGM, an empty image, …).
    case cannotEncode(ImageFormat, String)
    /// This build has no codec for the format yet.
    case formatNotSupportedYet(ImageFormat)

    /// The problem as a user reads it, naming the format.
    public var description: String {
        switch self {
        case .unrecognizedFormat(let bytes):
            let hex = bytes.prefix(8).map { String($0, radix: 16).leftPadded(2) }.joined(separator: " ")
            return "not a \(ImageFormat.displayNames) file (starts with \(hex.isEmpty ? "nothing: empty file" : hex))"
        case .truncated(let format, let detail):
            return "truncated \(format.displayName) file: \(detail)"
        case .malformed(let format, let detail):
            return "corrupt \(format.displayName) file: \(detail)"
        case .unsupportedVariant(let format, let detail):
            return "unsupported \(format.displayName) variant: \(detail)"
        case .cannotEncode(let format, let detail):
            return "cannot write \(format.displayName): \(detail)"
        case .formatNotSupportedYet(let format):
            return "\(format.displayName) is not supported by this build of pbtool yet"
        }
    }
}

extension String {
    func leftPadded(_ width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
