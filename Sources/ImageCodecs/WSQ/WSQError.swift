/// Why bytes could not be decoded as WSQ, or an image could not be encoded as WSQ.
///
/// Every decoding case names the byte offset where the problem was found, so a corrupt file
/// can be inspected with a hex dump.
public enum WSQError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file ends inside `what`, which starts or continues at `offset`.
    case truncated(what: String, offset: Int)
    /// The file does not start with the SOI marker (`FFA0`).
    case missingStartOfImage(found: [UInt8])
    /// A known marker appears where the format does not allow it (tables after the data, two frames, …).
    case markerOutOfOrder(marker: String, expected: String, offset: Int)
    /// Two bytes that are not a WSQ marker where a marker must be.
    case unknownMarker(code: UInt16, offset: Int)
    /// A table the data needs was never defined before it was used.
    case missingTable(String, offset: Int)
    /// A table's contents are impossible (overfull Huffman code lengths, wrong segment length, …).
    case invalidTable(String, offset: Int)
    /// A table identifier beyond what the format allows (Huffman tables 0–7).
    case tableIndexOutOfRange(kind: String, index: Int, offset: Int)
    /// The frame header describes an image with no pixels.
    case invalidDimensions(width: Int, height: Int, offset: Int)
    /// The frame header describes an image larger than the decoder accepts (a lying or hostile header).
    case imageTooLarge(width: Int, height: Int, limit: Int)
    /// A valid WSQ feature this codec does not implement (restart intervals, even-length filters).
    case unsupported(String, offset: Int)
    /// The entropy-coded data of a block cannot be decoded.
    case corruptBlockData(String, offset: Int)
    /// The requested bit rate is not a finite number in the supported range.
    case invalidBitRate(Double)
    /// The image cannot be written as WSQ (empty, or wider or taller than 65 535 pixels).
    case cannotEncode(String)

    public var description: String {
        switch self {
        case .truncated(let what, let offset):
            "WSQ data ends inside the \(what) (at byte \(offset))"
        case .missingStartOfImage(let found):
            found.isEmpty ? "not a WSQ file: it is empty"
                : "not a WSQ file: it starts with \(Self.hex(found)) instead of the SOI marker FF A0"
        case .markerOutOfOrder(let marker, let expected, let offset):
            "WSQ marker \(marker) at byte \(offset) is out of order: expected \(expected)"
        case .unknownMarker(let code, let offset):
            "bytes \(Self.hex([UInt8(code >> 8), UInt8(code & 0xFF)])) at byte \(offset) are not a WSQ marker"
        case .missingTable(let what, let offset):
            "WSQ data at byte \(offset) needs \(what), which the file does not define before it"
        case .invalidTable(let what, let offset):
            "invalid WSQ table at byte \(offset): \(what)"
        case .tableIndexOutOfRange(let kind, let index, let offset):
            "WSQ \(kind) table index \(index) at byte \(offset) is out of range"
        case .invalidDimensions(let width, let height, let offset):
            "WSQ frame header at byte \(offset) describes an empty \(width)×\(height) image"
        case .imageTooLarge(let width, let height, let limit):
            "WSQ image \(width)×\(height) exceeds the decoder's limit of \(limit) pixels"
        case .unsupported(let what, let offset):
            "unsupported WSQ feature at byte \(offset): \(what)"
        case .corruptBlockData(let what, let offset):
            "corrupt WSQ block data at byte \(offset): \(what)"
        case .invalidBitRate(let rate):
            "WSQ bit rate \(rate) is outside the supported range (more than 0, at most \(WSQParameters.maximumBitRate) bits per pixel)"
        case .cannotEncode(let why):
            "cannot encode as WSQ: \(why)"
        }
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined(separator: " ")
    }
}
