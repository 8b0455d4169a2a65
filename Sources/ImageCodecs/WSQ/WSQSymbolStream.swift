/// Quantized coefficients as Huffman symbols with their extra bits (WSQ specification §A.5,
/// Table A.4): runs of zeros become run-length symbols, small values a symbol each, large values
/// and long runs an escape symbol followed by 8 or 16 raw bits.
struct WSQSymbolStream {
    /// Symbol in the low byte, extra bits in the next 16, the count of extra bits (0, 8 or 16) above.
    private(set) var tokens: [UInt32] = []

    /// Symbolizes `values` as NBIS's `compress_block` does: a zero run ends at the next nonzero value,
    /// at 65 535 zeros, or at the end of the block.
    init<Values: Collection>(_ values: Values) where Values.Element == Int16 {
        tokens.reserveCapacity(values.count / 4)
        var run = 0
        for value in values {
            if value == 0 {
                if run == 0xFFFF {
                    appendRun(run)
                    run = 0
                }
                run += 1
                continue
            }
            if run > 0 {
                appendRun(run)
                run = 0
            }
            appendCoefficient(Int(value))
        }
        if run > 0 { appendRun(run) }
    }

    private mutating func append(_ symbol: Int, extra: Int = 0, bits: UInt32 = 0) {
        tokens.append(UInt32(symbol) | UInt32(extra) << 8 | bits << 24)
    }

    private mutating func appendRun(_ run: Int) {
        if run <= WSQParameters.longestCodedZeroRun {
            append(run)
        } else if run <= 0xFF {
            append(WSQSymbol.zeroRun8, extra: run, bits: 8)
        } else {
            append(WSQSymbol.zeroRun16, extra: run, bits: 16)
        }
    }

    private mutating func appendCoefficient(_ value: Int) {
        let largest = WSQParameters.largestCodedCoefficient
        if value > largest {
            value > 0xFF ? append(WSQSymbol.positive16, extra: value, bits: 16) : append(WSQSymbol.positive8, extra: value, bits: 8)
        } else if value < 1 - largest {
            value < -0xFF ? append(WSQSymbol.negative16, extra: -value, bits: 16) : append(WSQSymbol.negative8, extra: -value, bits: 8)
        } else {
            append(value + WSQParameters.symbolOffset)
        }
    }

    /// How often each of the 256 symbols occurs, for building a Huffman table.
    func addFrequencies(to frequencies: inout [Int]) {
        for token in tokens { frequencies[Int(token & 0xFF)] += 1 }
    }

    /// The entropy-coded bytes of the stream under `table`'s codes, with `FF` bytes stuffed and the
    /// last byte padded with ones.
    func encoded(with codes: [(code: UInt32, length: Int)]) -> [UInt8] {
        var writer = WSQBitWriter(capacity: tokens.count)
        for token in tokens {
            let code = codes[Int(token & 0xFF)]
            writer.write(code.code, count: code.length)
            let extraBits = Int(token >> 24)
            if extraBits > 0 { writer.write(token >> 8 & 0xFFFF, count: extraBits) }
        }
        return writer.finish()
    }
}
