extension WSQQuantizer {
    /// Quantized coefficients in coding order (subbands 0–59 with a nonzero bin width, each row by
    /// row), and how many of them fall in each of the three Huffman-coded blocks (NBIS `quantize`,
    /// `quant_block_sizes`). Values are limited to ±32 767.
    static func quantize(_ plane: [Float], width: Int, layout: WSQSubbandLayout,
                         binWidths: [Float], zeroBinWidths: [Float]) -> (values: [Int16], blockSizes: [Int]) {
        var values: [Int16] = []
        values.reserveCapacity(plane.count)
        var blockSizes = [0, 0, 0]
        plane.withUnsafeBufferPointer { samples in
            for subband in 0..<WSQParameters.codedSubbandCount where binWidths[subband] != 0 {
                let region = layout.subbands[subband]
                let binWidth = binWidths[subband], halfZero = zeroBinWidths[subband] / 2
                for row in region.y..<(region.y + region.height) {
                    let base = row &* width
                    for column in region.x..<(region.x + region.width) {
                        values.append(quantized(samples[base &+ column], binWidth: binWidth, halfZeroBin: halfZero))
                    }
                }
                blockSizes[block(of: subband)] += region.area
            }
        }
        return (values, blockSizes)
    }

    /// One coefficient's bin index: 0 inside the zero bin, else counted outwards from its edges.
    @inline(__always)
    private static func quantized(_ value: Float, binWidth: Float, halfZeroBin: Float) -> Int16 {
        if -halfZeroBin <= value && value <= halfZeroBin { return 0 }
        // NBIS adds ±1.0 in double precision and truncates; truncating first is the same for these signs.
        let bins = value > 0 ? (value - halfZeroBin) / binWidth : (value + halfZeroBin) / binWidth
        let limited = min(max(bins, -32766), 32766)
        return Int16(limited) + (value > 0 ? 1 : -1)
    }

    /// The Huffman-coded block (0, 1 or 2) that carries a subband.
    static func block(of subband: Int) -> Int {
        subband < WSQParameters.firstSubbandOfBlock2 ? 0 : subband < WSQParameters.firstSubbandOfBlock3 ? 1 : 2
    }

    /// How many coefficients a file with `table` carries for an image laid out as `layout`.
    static func codedCoefficientCount(_ table: WSQQuantizationTable, layout: WSQSubbandLayout) -> Int {
        (0..<WSQParameters.codedSubbandCount).reduce(0) { $0 + (table.isCoded($1) ? layout.subbands[$1].area : 0) }
    }

    /// The coefficient plane rebuilt from quantized values in coding order: each nonzero bin index
    /// becomes a point `C` bin widths inside its bin, shifted out by half the zero bin (NBIS `unquantize`).
    static func dequantize(_ values: [Int32], table: WSQQuantizationTable, layout: WSQSubbandLayout,
                           width: Int, height: Int) -> [Float] {
        var plane = [Float](repeating: 0, count: width * height)
        let center = table.binCenter
        var next = 0
        values.withUnsafeBufferPointer { input in
            plane.withUnsafeMutableBufferPointer { output in
                for subband in 0..<WSQParameters.codedSubbandCount where table.isCoded(subband) {
                    let region = layout.subbands[subband]
                    let binWidth = table.binWidths[subband], halfZero = Double(table.zeroBinWidths[subband]) / 2.0
                    for row in region.y..<(region.y + region.height) {
                        let base = row &* width
                        for column in region.x..<(region.x + region.width) {
                            let index = input[next]
                            next &+= 1
                            guard index != 0 else { continue }
                            let scaled = Float(index)
                            output[base &+ column] = index > 0
                                ? Float(Double(binWidth * (scaled - center)) + halfZero)
                                : Float(Double(binWidth * (scaled + center)) - halfZero)
                        }
                    }
                }
            }
        }
        return plane
    }
}
