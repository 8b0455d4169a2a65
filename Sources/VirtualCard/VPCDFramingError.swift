/// A byte stream that does not follow vpcd's framing.
public enum VPCDFramingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A frame announced zero bytes.
    case emptyPayload
    /// An answer longer than the 2-byte length can announce.
    case payloadTooLong(Int)

    public var description: String {
        switch self {
        case .emptyPayload: "vpcd sent an empty frame"
        case .payloadTooLong(let count): "a vpcd frame holds at most 65535 bytes, not \(count)"
        }
    }
}
