/// A response APDU (ISO/IEC 7816-4 §5.1): response data (Nr bytes) and the status word SW1 SW2.
public struct ResponseAPDU: Hashable, Sendable, CustomStringConvertible {
    /// The response data field (may be empty).
    public var data: [UInt8]
    /// SW1 SW2.
    public var statusWord: StatusWord

    /// A response from its parts (used by card implementations and tests).
    public init(data: [UInt8] = [], statusWord: StatusWord) {
        self.data = data
        self.statusWord = statusWord
    }

    /// Splits raw response bytes into data and the trailing status word.
    /// - Throws: `APDUError.responseTooShort` when fewer than 2 bytes arrive.
    public init(bytes: [UInt8]) throws {
        guard bytes.count >= 2 else { throw APDUError.responseTooShort(bytes: bytes) }
        self.data = Array(bytes.dropLast(2))
        self.statusWord = StatusWord(sw1: bytes[bytes.count - 2], sw2: bytes[bytes.count - 1])
    }

    /// Parses a response typed as hex (`6F 10 … 90 00`).
    /// - Throws: `HexParseError` for bad hex, `APDUError.responseTooShort`.
    public init(hex: String) throws {
        try self.init(bytes: [UInt8](hex: hex))
    }

    /// Data followed by SW1 SW2, as the card sent it.
    public var bytes: [UInt8] { data + [statusWord.sw1, statusWord.sw2] }

    /// Whether the status word reports normal processing (`9000` or `61XX`).
    public var isSuccess: Bool { statusWord.isSuccess }

    public var description: String {
        data.isEmpty ? statusWord.description : "\(data.hexString()) \(statusWord.description)"
    }
}
