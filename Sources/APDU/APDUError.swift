/// Why a command or response APDU could not be built or parsed (ISO/IEC 7816-4 §5.1 length rules).
public enum APDUError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nc above 65 535, the extended-length maximum.
    case dataTooLong(count: Int)
    /// Ne outside 1…65 536 (leave Ne out for "no response data").
    case expectedLengthOutOfRange(Int)
    /// Short encoding was forced but Nc > 255 or Ne > 256.
    case tooLongForShortEncoding(dataCount: Int, expectedLength: Int?)
    /// Raw command bytes that match none of the four cases.
    case malformedCommand(bytes: [UInt8], reason: String)
    /// A response shorter than the two status bytes.
    case responseTooShort(bytes: [UInt8])
    /// A logical channel outside 0…19.
    case channelOutOfRange(Int)
    /// A class-byte change the coding cannot express, e.g. chaining in an RFU class or channel 7
    /// with proprietary secure messaging.
    case classCannotExpress(String)

    public var description: String {
        switch self {
        case .dataTooLong(let count):
            return "command data is \(count) bytes; the maximum (extended length) is 65535"
        case .expectedLengthOutOfRange(let ne):
            return "expected response length Ne = \(ne) is outside 1…65536 (omit Le for no response data)"
        case .tooLongForShortEncoding(let nc, let ne):
            let neText = ne.map { ", Ne = \($0)" } ?? ""
            return "short encoding allows Nc ≤ 255 and Ne ≤ 256, got Nc = \(nc)\(neText)"
        case .malformedCommand(let bytes, let reason):
            return "malformed command APDU \(bytes.hexString()): \(reason)"
        case .responseTooShort(let bytes):
            let shown = bytes.isEmpty ? "(empty)" : bytes.hexString()
            return "response APDU \(shown) is \(bytes.count) byte(s); it needs at least SW1 SW2"
        case .channelOutOfRange(let channel):
            return "logical channel \(channel) is outside 0…19"
        case .classCannotExpress(let what):
            return "no class byte can express \(what)"
        }
    }
}
