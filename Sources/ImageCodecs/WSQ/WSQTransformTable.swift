/// The DTT segment: the wavelet filter bank, stored as the right halves of the two analysis filters
/// (WSQ specification §B.2.2). The decoder builds its synthesis filters from them.
struct WSQTransformTable: Sendable, Hashable {
    /// The analysis lowpass filter from its center tap outwards.
    var lowpassHalf: [Float]
    /// The analysis highpass filter from its center tap outwards.
    var highpassHalf: [Float]
    var lowpassLength: Int
    var highpassLength: Int

    /// The 9/7 filter bank every WSQ encoder uses.
    static let standard = WSQTransformTable(
        lowpassHalf: Array(WSQParameters.analysisLowpass[4...]),
        highpassHalf: Array(WSQParameters.analysisHighpass[3...]),
        lowpassLength: 9, highpassLength: 7)

    /// The synthesis lowpass filter: the analysis highpass with every other tap negated, around its center.
    var synthesisLowpass: [Float] { Self.mirrored(highpassHalf, length: highpassLength) }
    /// The synthesis highpass filter: the analysis lowpass with every other tap negated, around its center.
    var synthesisHighpass: [Float] { Self.mirrored(lowpassHalf, length: lowpassLength) }

    private static func mirrored(_ half: [Float], length: Int) -> [Float] {
        let center = length / 2
        var filter = [Float](repeating: 0, count: length)
        for (distance, value) in half.enumerated() where distance <= center {
            let signed = distance % 2 == 0 ? value : -value
            filter[center + distance] = signed
            filter[center - distance] = signed
        }
        return filter
    }

    /// Reads a DTT payload; `reader` stands after the segment length.
    init(reading reader: inout WSQByteReader) throws {
        let start = reader.offset
        let what = "transform table (DTT)"
        lowpassLength = Int(try reader.uint8(what))
        highpassLength = Int(try reader.uint8(what))
        guard lowpassLength == 9, highpassLength == 7 else {
            throw WSQError.unsupported(
                "wavelet filters of \(lowpassLength) and \(highpassLength) taps; only the specification's 9/7 filter bank is supported",
                offset: start)
        }
        lowpassHalf = try Self.readHalf(count: (lowpassLength + 1) / 2, from: &reader, what: what)
        highpassHalf = try Self.readHalf(count: (highpassLength + 1) / 2, from: &reader, what: what)
    }

    init(lowpassHalf: [Float], highpassHalf: [Float], lowpassLength: Int, highpassLength: Int) {
        self.lowpassHalf = lowpassHalf
        self.highpassHalf = highpassHalf
        self.lowpassLength = lowpassLength
        self.highpassLength = highpassLength
    }

    private static func readHalf(count: Int, from reader: inout WSQByteReader, what: String) throws -> [Float] {
        var values: [Float] = []
        for _ in 0..<count {
            let sign = try reader.uint8(what)
            let magnitude = WSQScaledNumber(scale: try reader.uint8(what), integer: try reader.uint32(what)).floatValue
            values.append(sign == 0 ? magnitude : -magnitude)
        }
        return values
    }

    /// The DTT payload: lengths, then sign, scale and 32-bit magnitude of each stored tap.
    func payload() -> [UInt8] {
        var writer = WSQByteWriter()
        writer.uint8(UInt8(lowpassLength))
        writer.uint8(UInt8(highpassLength))
        for tap in lowpassHalf + highpassHalf {
            let scaled = WSQScaledNumber.thirtyTwoBit(magnitude: abs(tap)) ?? WSQScaledNumber(scale: 0, integer: 0)
            writer.uint8(tap < 0 ? 1 : 0)
            writer.uint8(scaled.scale)
            writer.uint32(scaled.integer)
        }
        return writer.bytes
    }
}
