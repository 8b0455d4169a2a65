import Testing
@testable import ImageCodecs

/// Huffman tables (construction, limits, DHT parsing) and the run-length symbol coding of blocks.
struct WSQHuffmanTests {
    private static func frequencies(_ pairs: [(Int, Int)]) -> [Int] {
        var frequencies = [Int](repeating: 0, count: 256)
        for (symbol, count) in pairs { frequencies[symbol] = count }
        return frequencies
    }

    /// Code lengths of every symbol the table defines.
    private static func lengths(_ table: WSQHuffmanTable) -> [Int: Int] {
        var lengths: [Int: Int] = [:]
        for (symbol, code) in table.encodingCodes().enumerated() where code.length > 0 { lengths[symbol] = code.length }
        return lengths
    }

    @Test func powersOfTwoGiveTheTextbookLengths() {
        let table = WSQHuffmanTable(id: 0, frequencies: Self.frequencies([(1, 8), (2, 4), (3, 2), (4, 1)]))
        #expect(Array(table.codeLengthCounts.prefix(5)) == [1, 1, 1, 1, 0])
        #expect(table.symbols == [1, 2, 3, 4])
        #expect(Self.lengths(table) == [1: 1, 2: 2, 3: 3, 4: 4])
    }

    @Test func codesArePrefixFreeAndNeverAllOnes() {
        var random = SyntheticPrint.Generator(seed: 3)
        for _ in 0..<50 {
            let pairs = (0..<(2 + random.below(200))).map { _ in (1 + random.below(254), 1 + random.below(5000)) }
            let table = WSQHuffmanTable(id: 1, frequencies: Self.frequencies(pairs))
            #expect(table.firstOverfullLength == nil)
            let codes = table.encodingCodes().filter { $0.length > 0 }
            #expect(codes.count == Set(pairs.map(\.0)).count)
            let kraft = codes.reduce(0.0) { $0 + 1 / Double(1 << $1.length) }
            #expect(kraft < 1, "one code must stay free for the all-ones padding")
            #expect(codes.allSatisfy { $0.length <= 16 && $0.code != (1 << $0.length) - 1 })
        }
    }

    @Test func longCodesAreLimitedTo16Bits() {
        var fibonacci = [1, 1]
        while fibonacci.count < 40 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        let table = WSQHuffmanTable(id: 0, frequencies: Self.frequencies(fibonacci.enumerated().map { ($0 + 1, $1) }))
        #expect(table.symbols.count == 40)
        #expect(table.codeLengthCounts.reduce(0, +) == 40)
        #expect(table.firstOverfullLength == nil)
        #expect(Self.lengths(table).values.max() == 16)
    }

    @Test func oneSymbolGetsOneBitAndNoSymbolsGiveAnEmptyTable() {
        let single = WSQHuffmanTable(id: 0, frequencies: Self.frequencies([(180, 5)]))
        #expect(single.symbols == [180] && single.codeLengthCounts[0] == 1)
        let empty = WSQHuffmanTable(id: 1, frequencies: Self.frequencies([]))
        #expect(empty.symbols.isEmpty && empty.codeLengthCounts.allSatisfy { $0 == 0 })
    }

    @Test func coefficientsSurviveSymbolCodingAndDecoding() throws {
        var values: [Int16] = []
        for run in [1, 100, 101, 255, 256, 65_535, 65_536, 70_000] {
            values += Array(repeating: 0, count: run)
            values.append(Int16(run % 7 + 1))
        }
        values += [1, -1, 74, 75, -73, -74, 255, 256, -255, -256, 32_767, -32_767, 0, 0, 0]
        let stream = WSQSymbolStream(values)
        var frequencies = [Int](repeating: 0, count: 256)
        stream.addFrequencies(to: &frequencies)
        let table = WSQHuffmanTable(id: 0, frequencies: frequencies)
        let bytes = stream.encoded(with: table.encodingCodes())
        var decoded: [Int32] = []
        try WSQBlockDecoder(table: table).decode(bytes, data: 0..<bytes.count, blockNumber: 1,
                                                  into: &decoded, limit: values.count)
        #expect(decoded == values.map(Int32.init))
    }

    @Test func stuffingFollowsEveryFFByte() {
        var writer = WSQBitWriter(capacity: 8)
        writer.write(0xFFFF, count: 16)
        writer.write(0b101, count: 3)
        #expect(writer.finish() == [0xFF, 0x00, 0xFF, 0x00, 0b1011_1111])
    }

    @Test func tablesSurviveTheirSegment() throws {
        let table = WSQHuffmanTable(id: 3, frequencies: Self.frequencies([(1, 9), (105, 3), (181, 40), (179, 38)]))
        let bytes = [UInt8(0xFF), 0xA6, 0, 0] + table.payload()
        var reader = WSQByteReader(bytes, offset: 4)
        #expect(try WSQHuffmanTable.readSegment(&reader, end: bytes.count) == [table])
    }

    @Test func impossibleTablesAreRejected() {
        func parse(_ payload: [UInt8]) throws {
            var reader = WSQByteReader([0xFF, 0xA6, 0, 0] + payload, offset: 4)
            _ = try WSQHuffmanTable.readSegment(&reader, end: payload.count + 4)
        }
        let threeOneBitCodes: [UInt8] = [0, 3] + Array(repeating: 0, count: 15) + [1, 2, 3]
        #expect(throws: WSQError.invalidTable("Huffman table 0 has more codes of 1 bits than fit", offset: 4)) {
            try parse(threeOneBitCodes)
        }
        #expect(throws: WSQError.tableIndexOutOfRange(kind: "Huffman", index: 8, offset: 4)) {
            try parse([8, 1] + Array(repeating: 0, count: 15) + [1])
        }
        let tooMany: [UInt8] = [0] + Array(repeating: 0, count: 8) + [255, 2] + Array(repeating: 0, count: 6)
        #expect(throws: WSQError.invalidTable("Huffman table 0 lists 257 codes (at most 256 allowed)", offset: 4)) {
            try parse(tooMany)
        }
        #expect(throws: WSQError.self) { try parse([0, 1]) }
    }
}
