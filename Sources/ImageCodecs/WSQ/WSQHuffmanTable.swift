/// One Huffman table of a DHT segment (WSQ specification §B.2.4): how many codes there are of each
/// length 1–16, and the symbols in code order. Codes are canonical, assigned as in JPEG
/// (ITU-T T.81 Annex C).
struct WSQHuffmanTable: Sendable, Hashable {
    /// Table identifier, 0–7, that SOB segments refer to.
    var id: Int
    /// `codeLengthCounts[n]` codes are `n + 1` bits long.
    var codeLengthCounts: [Int]
    /// Symbols in order of their codes.
    var symbols: [UInt8]

    init(id: Int, codeLengthCounts: [Int], symbols: [UInt8]) {
        self.id = id
        self.codeLengthCounts = codeLengthCounts
        self.symbols = symbols
    }

    /// The code and its length in bits for each symbol the table defines, indexed by symbol.
    func encodingCodes() -> [(code: UInt32, length: Int)] {
        var codes = [(code: UInt32, length: Int)](repeating: (0, 0), count: 256)
        var code: UInt32 = 0
        var index = 0
        for length in 1...WSQParameters.maximumHuffmanCodeLength {
            for _ in 0..<codeLengthCounts[length - 1] {
                codes[Int(symbols[index])] = (code, length)
                code += 1
                index += 1
            }
            code <<= 1
        }
        return codes
    }

    /// Reads every table of a DHT segment whose payload ends at `end`; `reader` stands after the
    /// segment length. Several tables may share one segment.
    static func readSegment(_ reader: inout WSQByteReader, end: Int) throws -> [WSQHuffmanTable] {
        guard reader.offset < end else {
            throw WSQError.invalidTable("a Huffman table segment (DHT) holds no table", offset: reader.offset - 4)
        }
        var tables: [WSQHuffmanTable] = []
        while reader.offset < end { tables.append(try readTable(&reader)) }
        return tables
    }

    private static func readTable(_ reader: inout WSQByteReader) throws -> WSQHuffmanTable {
        let start = reader.offset
        let what = "Huffman table (DHT)"
        let id = Int(try reader.uint8(what))
        guard id < WSQParameters.huffmanTableLimit else {
            throw WSQError.tableIndexOutOfRange(kind: "Huffman", index: id, offset: start)
        }
        var counts: [Int] = []
        for _ in 0..<WSQParameters.maximumHuffmanCodeLength { counts.append(Int(try reader.uint8(what))) }
        let total = counts.reduce(0, +)
        guard total <= 256 else {
            throw WSQError.invalidTable("Huffman table \(id) lists \(total) codes (at most 256 allowed)", offset: start)
        }
        let symbols = Array(try reader.bytes(total, for: what))
        let table = WSQHuffmanTable(id: id, codeLengthCounts: counts, symbols: symbols)
        if let length = table.firstOverfullLength {
            throw WSQError.invalidTable("Huffman table \(id) has more codes of \(length) bits than fit", offset: start)
        }
        return table
    }

    /// The shortest code length at which the counts exceed the available code space, if any.
    var firstOverfullLength: Int? {
        var code = 0
        for length in 1...WSQParameters.maximumHuffmanCodeLength {
            code += codeLengthCounts[length - 1]
            if code > 1 << length { return length }
            code <<= 1
        }
        return nil
    }

    /// The table's bytes inside a DHT segment: identifier, 16 counts, symbols.
    func payload() -> [UInt8] {
        [UInt8(id)] + codeLengthCounts.map { UInt8($0) } + symbols
    }
}
