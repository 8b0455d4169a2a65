/// The DQT segment: the quantizer bin center and each subband's bin and zero-bin widths
/// (WSQ specification §B.2.3). A bin width of zero means the subband is not coded.
struct WSQQuantizationTable: Sendable, Hashable {
    /// The bin center `C` (0.44 in every known encoder).
    var binCenter: Float
    /// Bin widths `Q` of subbands 0–63.
    var binWidths: [Float]
    /// Zero-bin widths `Z` of subbands 0–63.
    var zeroBinWidths: [Float]

    init(binCenter: Float, binWidths: [Float], zeroBinWidths: [Float]) {
        self.binCenter = binCenter
        self.binWidths = binWidths
        self.zeroBinWidths = zeroBinWidths
    }

    /// Whether subband `index` carries coefficients.
    func isCoded(_ index: Int) -> Bool { binWidths[index] != 0 }

    /// Reads a DQT payload; `reader` stands after the segment length.
    init(reading reader: inout WSQByteReader) throws {
        let what = "quantization table (DQT)"
        binCenter = try Self.readScaled(&reader, what)
        var widths: [Float] = [], zeroWidths: [Float] = []
        for _ in 0..<WSQParameters.tableSubbandCount {
            widths.append(try Self.readScaled(&reader, what))
            zeroWidths.append(try Self.readScaled(&reader, what))
        }
        binWidths = widths
        zeroBinWidths = zeroWidths
    }

    private static func readScaled(_ reader: inout WSQByteReader, _ what: String) throws -> Float {
        WSQScaledNumber(scale: try reader.uint8(what), integer: UInt32(try reader.uint16(what))).floatValue
    }

    /// The DQT payload as NBIS writes it: `C` = 44 × 10⁻², then scale and 16-bit value of each `Q` and `Z`.
    /// `binWidths` and `zeroBinWidths` are the encoder's exact widths; they are rounded here to what
    /// fits, which is also what the decoder will use.
    static func payload(binWidths: [Float], zeroBinWidths: [Float]) throws -> [UInt8] {
        var writer = WSQByteWriter()
        writer.uint8(WSQParameters.binCenterScaled.scale)
        writer.uint16(WSQParameters.binCenterScaled.value)
        for subband in 0..<WSQParameters.tableSubbandCount {
            let coded = subband < WSQParameters.codedSubbandCount && binWidths[subband] != 0
            for width in [binWidths[subband], zeroBinWidths[subband]] {
                guard let scaled = coded ? WSQScaledNumber.sixteenBit(width) : WSQScaledNumber(scale: 0, integer: 0)
                else {
                    throw WSQError.cannotEncode("bin width \(width) of subband \(subband) does not fit the quantization table; raise the bit rate")
                }
                writer.uint8(scaled.scale)
                writer.uint16(UInt16(scaled.integer))
            }
        }
        return writer.bytes
    }
}
