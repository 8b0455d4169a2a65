/// Turns one block's entropy-coded bytes back into quantized coefficients (WSQ specification §A.5,
/// §B.3): removes byte stuffing, decodes Huffman symbols, expands zero runs and escapes.
///
/// A code cut short by the end of the data is the padding before the next marker and ends the
/// block; the extra bits of an escape cut short are an error, as in NBIS.
struct WSQBlockDecoder {
    /// Canonical-code decoding tables (ITU-T T.81 Figure F.15): per code length, the largest code,
    /// and where its codes start among the symbols.
    private var largestCode = [Int](repeating: -1, count: WSQParameters.maximumHuffmanCodeLength + 1)
    private var firstCode = [Int](repeating: 0, count: WSQParameters.maximumHuffmanCodeLength + 1)
    private var firstSymbolIndex = [Int](repeating: 0, count: WSQParameters.maximumHuffmanCodeLength + 1)
    private let symbols: [UInt8]

    init(table: WSQHuffmanTable) {
        symbols = table.symbols
        var code = 0, index = 0
        for length in 1...WSQParameters.maximumHuffmanCodeLength {
            let count = table.codeLengthCounts[length - 1]
            if count > 0 {
                firstSymbolIndex[length] = index
                firstCode[length] = code
                largestCode[length] = code + count - 1
            }
            code = (code + count) << 1
            index += count
        }
    }

    /// Decodes the block whose bytes are `data` (inside `bytes`) and appends its coefficients to
    /// `output`, which must not grow beyond `limit` values. `blockNumber` counts from 1, for messages.
    func decode(_ bytes: [UInt8], data: Range<Int>, blockNumber: Int,
                into output: inout [Int32], limit: Int) throws {
        var reader = WSQBitReader(unstuffing: bytes[data])
        let offset = data.lowerBound
        while let symbol = try nextSymbol(&reader, offset: offset) {
            try expand(symbol, from: &reader, into: &output, limit: limit, blockNumber: blockNumber, offset: offset)
        }
    }

    private func nextSymbol(_ reader: inout WSQBitReader, offset: Int) throws -> Int? {
        var code = 0
        for length in 1...WSQParameters.maximumHuffmanCodeLength {
            guard let bit = reader.bit() else { return nil }
            code = code << 1 | bit
            if code <= largestCode[length] {
                return Int(symbols[firstSymbolIndex[length] + code - firstCode[length]])
            }
        }
        throw WSQError.corruptBlockData("a bit sequence near byte \(offset + reader.bytePosition) is no code of the block's Huffman table",
                                        offset: offset)
    }

    private func expand(_ symbol: Int, from reader: inout WSQBitReader, into output: inout [Int32],
                        limit: Int, blockNumber: Int, offset: Int) throws {
        func extra(_ count: Int) throws -> Int {
            guard let value = reader.bits(count) else {
                throw WSQError.corruptBlockData("block \(blockNumber) ends inside the \(count) extra bits of symbol \(symbol)",
                                                offset: offset)
            }
            return value
        }
        var zeros = 0
        var value: Int32?
        switch symbol {
        case WSQSymbol.zeroRuns: zeros = symbol
        case WSQSymbol.positive8: value = Int32(try extra(8))
        case WSQSymbol.negative8: value = -Int32(try extra(8))
        case WSQSymbol.positive16: value = Int32(try extra(16))
        case WSQSymbol.negative16: value = -Int32(try extra(16))
        case WSQSymbol.zeroRun8: zeros = try extra(8)
        case WSQSymbol.zeroRun16: zeros = try extra(16)
        case WSQSymbol.coefficients: value = Int32(symbol - WSQParameters.symbolOffset)
        default:
            throw WSQError.corruptBlockData("block \(blockNumber) uses symbol \(symbol), which WSQ does not define",
                                            offset: offset)
        }
        guard output.count + (value == nil ? zeros : 1) <= limit else {
            throw WSQError.corruptBlockData("block \(blockNumber) decodes to more coefficients than the image's subbands hold (\(limit))",
                                            offset: offset)
        }
        if let value {
            output.append(value)
        } else {
            output.append(contentsOf: repeatElement(0, count: zeros))
        }
    }
}
