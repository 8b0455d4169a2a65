/// Why bytes could not be read as a host template (``HostTemplate``).
public enum HostTemplateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes end inside `field`, which starts at `offset`.
    case truncated(field: String, offset: Int, byteCount: Int)
    /// The bytes do not start with `PBHT`.
    case wrongIdentifier(found: [UInt8])
    /// Written by a newer (or unknown) version of the format.
    case unsupportedVersion(UInt8)
    /// A field holds a value the format does not allow.
    case invalidField(field: String, offset: Int, value: Int, allowed: String)
    /// The stored checksum does not match the content: the template was damaged.
    case checksumMismatch(stored: UInt32, computed: UInt32)
    /// Bytes follow the end of the template.
    case trailingBytes(count: Int)
    /// The features cannot be written (too many minutiae, a value out of range).
    case notRepresentable(field: String, value: String, allowed: String)

    public var description: String {
        switch self {
        case let .truncated(field, offset, byteCount):
            return "host template is truncated: \(field) at byte \(offset) runs past the end of the \(byteCount)-byte input"
        case let .wrongIdentifier(found):
            let shown = found.map { String($0, radix: 16, uppercase: true).leftPadded(2) }.joined(separator: " ")
            return "not a host template: it must start with 50 42 48 54 (\"PBHT\"), found \(shown.isEmpty ? "no bytes" : shown)"
        case let .unsupportedVersion(version):
            return "host template version \(version) is not supported (this pbtool reads version \(HostTemplate.version))"
        case let .invalidField(field, offset, value, allowed):
            return "host template: \(field) at byte \(offset) is \(value); allowed: \(allowed)"
        case let .checksumMismatch(stored, computed):
            return "host template is damaged: stored CRC-32 \(String(stored, radix: 16)) but the content gives \(String(computed, radix: 16))"
        case let .trailingBytes(count):
            return "host template is followed by \(count) unexpected byte(s)"
        case let .notRepresentable(field, value, allowed):
            return "cannot write a host template: \(field) is \(value); allowed: \(allowed)"
        }
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
