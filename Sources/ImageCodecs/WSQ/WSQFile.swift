/// A WSQ file taken apart into its tables, frame header, comments and entropy-coded blocks,
/// without decoding any pixels (WSQ specification Annex B).
///
/// The order is checked as NBIS checks it: SOI; tables and comments; SOF; then blocks, each
/// preceded by any tables and comments it needs; EOI. Bytes after EOI are ignored.
struct WSQFile {
    /// One SOB segment and its entropy-coded data.
    struct Block {
        let table: WSQHuffmanTable
        /// Offset of the SOB marker.
        let offset: Int
        /// The entropy-coded bytes (still byte-stuffed) up to the next marker.
        let data: Range<Int>
    }

    private enum Stage {
        case beforeFrame, beforeFirstBlock, afterBlock

        var expected: String {
            switch self {
            case .beforeFrame: "a table (DTT, DQT, DHT), a comment (COM) or the frame header (SOF)"
            case .beforeFirstBlock: "a table, a comment or a block (SOB)"
            case .afterBlock: "a table, a comment, a block (SOB) or the end of the image (EOI)"
            }
        }
    }

    let bytes: [UInt8]
    private(set) var frame = WSQFrameHeader(width: 0, height: 0, shift: 0, scale: 0)
    private(set) var frameOffset = 0
    private(set) var transformTable: WSQTransformTable?
    private(set) var quantizationTable: WSQQuantizationTable?
    private(set) var blocks: [Block] = []
    private(set) var comments: [String] = []
    private(set) var segments: [WSQSegment] = []
    private var huffmanTables: [Int: WSQHuffmanTable] = [:]
    private var stage = Stage.beforeFrame

    /// Parses the structure of `bytes`; throws ``WSQError`` naming the first problem and its offset.
    init(parsing bytes: [UInt8]) throws {
        self.bytes = bytes
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xA0 else {
            throw WSQError.missingStartOfImage(found: Array(bytes.prefix(4)))
        }
        var reader = WSQByteReader(bytes, offset: 2)
        segments.append(WSQSegment(marker: "SOI", offset: 0, length: 2))
        while try parseSegment(&reader) {}
    }

    /// The NIST_COM comment, if the file has one.
    var nistComment: NISTComment? {
        comments.lazy.compactMap { NISTComment(parsing: $0) }.first
    }

    /// The image size pbtool recorded before padding a small image (its `PBTOOL_IMAGE_SIZE` comment),
    /// or else the frame size.
    var decodedSize: (width: Int, height: Int) {
        for comment in comments {
            let words = comment.split(separator: " ")
            guard words.count == 3, words[0] == WSQParameters.paddedSizeCommentKey,
                  let width = Int(words[1]), let height = Int(words[2]),
                  (1...frame.width).contains(width), (1...frame.height).contains(height) else { continue }
            return (width, height)
        }
        return (frame.width, frame.height)
    }

    /// Reads one marker and its segment; false after EOI.
    private mutating func parseSegment(_ reader: inout WSQByteReader) throws -> Bool {
        let offset = reader.offset
        guard reader.remaining >= 2 else {
            throw WSQError.truncated(what: "marker list (the file has no EOI marker)", offset: offset)
        }
        let code = try reader.uint16("marker")
        guard let marker = WSQMarker(rawValue: code) else { throw WSQError.unknownMarker(code: code, offset: offset) }
        switch marker {
        case .startOfImage:
            throw WSQError.markerOutOfOrder(marker: "SOI", expected: stage.expected, offset: offset)
        case .restartInterval:
            throw WSQError.unsupported("restart intervals (DRT)", offset: offset)
        case .endOfImage:
            guard stage == .afterBlock else {
                throw WSQError.markerOutOfOrder(marker: "EOI", expected: stage.expected, offset: offset)
            }
            guard transformTable != nil else { throw WSQError.missingTable("the transform table (DTT)", offset: offset) }
            segments.append(WSQSegment(marker: "EOI", offset: offset, length: 2))
            return false
        case .startOfBlock:
            try parseBlock(&reader, at: offset)
        default:
            try parseTableSegment(marker, &reader, at: offset)
        }
        return true
    }

    private mutating func parseTableSegment(_ marker: WSQMarker, _ reader: inout WSQByteReader, at offset: Int) throws {
        let name = "\(marker.abbreviation) segment"
        let payloadLength = try reader.segmentPayloadLength(name)
        let end = reader.offset + payloadLength
        switch marker {
        case .startOfFrame:
            guard stage == .beforeFrame else {
                throw WSQError.markerOutOfOrder(marker: "SOF", expected: stage.expected, offset: offset)
            }
            frame = try WSQFrameHeader(reading: &reader)
            frameOffset = offset
            guard frame.width > 0, frame.height > 0 else {
                throw WSQError.invalidDimensions(width: frame.width, height: frame.height, offset: offset)
            }
            stage = .beforeFirstBlock
        case .transformTable:
            transformTable = try WSQTransformTable(reading: &reader)
        case .quantizationTable:
            guard blocks.isEmpty else {
                throw WSQError.unsupported("a quantization table (DQT) redefined after the first block", offset: offset)
            }
            quantizationTable = try WSQQuantizationTable(reading: &reader)
        case .huffmanTable:
            for table in try WSQHuffmanTable.readSegment(&reader, end: end) { huffmanTables[table.id] = table }
        default:
            comments.append(String(decoding: try reader.bytes(payloadLength, for: name), as: UTF8.self))
        }
        guard reader.offset == end else {
            throw WSQError.invalidTable(
                "the \(name) is \(payloadLength + 2) bytes long but its contents take \(reader.offset - offset - 2)",
                offset: offset)
        }
        segments.append(WSQSegment(marker: marker.abbreviation, offset: offset, length: end - offset))
    }

    private mutating func parseBlock(_ reader: inout WSQByteReader, at offset: Int) throws {
        guard stage != .beforeFrame else {
            throw WSQError.markerOutOfOrder(marker: "SOB", expected: stage.expected, offset: offset)
        }
        let payloadLength = try reader.segmentPayloadLength("block header (SOB)")
        guard payloadLength == 1 else {
            throw WSQError.invalidTable("the block header (SOB) is \(payloadLength + 2) bytes long instead of 3", offset: offset)
        }
        let id = Int(try reader.uint8("block header (SOB)"))
        guard id < WSQParameters.huffmanTableLimit else {
            throw WSQError.tableIndexOutOfRange(kind: "Huffman", index: id, offset: offset)
        }
        guard let table = huffmanTables[id] else { throw WSQError.missingTable("Huffman table \(id)", offset: offset) }
        guard quantizationTable != nil else { throw WSQError.missingTable("the quantization table (DQT)", offset: offset) }
        let dataStart = reader.offset
        let dataEnd = try Self.nextMarker(in: bytes, from: dataStart, block: blocks.count + 1)
        blocks.append(Block(table: table, offset: offset, data: dataStart..<dataEnd))
        try reader.skip(dataEnd - dataStart, for: "block data")
        segments.append(WSQSegment(marker: "SOB", offset: offset, length: dataEnd - offset))
        stage = .afterBlock
    }

    /// The offset of the first `FF` byte followed by anything but the stuffing byte `00`.
    private static func nextMarker(in bytes: [UInt8], from start: Int, block: Int) throws -> Int {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 0xFF {
                if bytes[index + 1] != 0x00 { return index }
                index += 2
            } else {
                index += 1
            }
        }
        throw WSQError.truncated(what: "data of block \(block) (no marker follows it)", offset: start)
    }
}
