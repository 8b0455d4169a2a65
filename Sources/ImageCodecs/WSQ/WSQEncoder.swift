import Imaging

/// The WSQ encoding pipeline (WSQ specification Annex A), step for step as NBIS's `wsq_encode_mem`:
/// normalize pixels, decompose into 64 subbands, derive bin widths from subband variances and the
/// bit rate, quantize, Huffman-code three blocks, and write the segments.
enum WSQEncoder {
    static func encode(_ image: GrayImage, bitRate: Double) throws -> [UInt8] {
        guard bitRate.isFinite, bitRate > 0, bitRate <= WSQParameters.maximumBitRate else {
            throw WSQError.invalidBitRate(bitRate)
        }
        guard !image.isEmpty else { throw WSQError.cannotEncode("the image has no pixels (\(image.width)×\(image.height))") }
        guard image.width <= WSQParameters.maximumSide, image.height <= WSQParameters.maximumSide else {
            throw WSQError.cannotEncode("\(image.width)×\(image.height) is larger than WSQ's 65 535 × 65 535")
        }
        let rate = Float(bitRate)
        let coded = WSQPadding.codable(image)
        let width = coded.width, height = coded.height
        var (plane, frame) = normalized(coded)
        let layout = WSQSubbandLayout(width: width, height: height)
        WSQWaveletTransform(layout: layout, width: width, height: height, lowpass: WSQParameters.analysisLowpass,
                            highpass: WSQParameters.analysisHighpass, synthesis: false).decompose(&plane)
        let variances = WSQQuantizer.subbandVariances(plane, width: width, layout: layout)
        let bins = WSQQuantizer.binWidths(variances: variances, bitRate: rate)
        let quantized = WSQQuantizer.quantize(plane, width: width, layout: layout, binWidths: bins.binWidths,
                                              zeroBinWidths: bins.zeroBinWidths)

        var writer = WSQByteWriter(reservingCapacity: width * height / 4 + 1024)
        writer.marker(.startOfImage)
        writeComments(&writer, image: image, coded: coded, bitRate: rate)
        writer.segment(.transformTable, payload: WSQTransformTable.standard.payload())
        writer.segment(.quantizationTable,
                       payload: try WSQQuantizationTable.payload(binWidths: bins.binWidths, zeroBinWidths: bins.zeroBinWidths))
        writer.segment(.startOfFrame, payload: frame.payload())
        writeBlocks(&writer, values: quantized.values, blockSizes: quantized.blockSizes)
        writer.marker(.endOfImage)
        return writer.bytes
    }

    /// Pixels shifted by their mean and scaled to about ±128 (NBIS `conv_img_2_flt`), and the frame
    /// header that records the shift and scale. A uniform image maps to zeros.
    private static func normalized(_ image: GrayImage) -> ([Float], WSQFrameHeader) {
        var sum: UInt64 = 0
        var low: UInt8 = 255, high: UInt8 = 0
        for pixel in image.pixels {
            sum &+= UInt64(pixel)
            low = min(low, pixel)
            high = max(high, pixel)
        }
        let mean = Float(sum) / Float(image.pixels.count)
        let lowSpread = mean - Float(low), highSpread = Float(high) - mean
        let scale = (lowSpread >= highSpread ? lowSpread : highSpread) / Float(128)
        var plane = [Float](repeating: 0, count: image.pixels.count)
        if scale > 0 {
            image.pixels.withUnsafeBufferPointer { pixels in
                plane.withUnsafeMutableBufferPointer { samples in
                    for index in 0..<pixels.count { samples[index] = (Float(pixels[index]) - mean) / scale }
                }
            }
        }
        return (plane, WSQFrameHeader(width: image.width, height: image.height, shift: mean, scale: scale))
    }

    /// The NIST_COM comment NBIS writes, and pbtool's record of the unpadded size when it padded.
    private static func writeComments(_ writer: inout WSQByteWriter, image: GrayImage, coded: GrayImage, bitRate: Float) {
        let ppi = image.dpi.isFinite && image.dpi >= 1 && image.dpi < 100_000 ? Int(image.dpi.rounded()) : nil
        let nist = NISTComment(width: coded.width, height: coded.height, ppi: ppi, bitRate: bitRate)
        writer.segment(.comment, payload: Array(nist.text.utf8))
        if coded.width != image.width || coded.height != image.height {
            let note = "\(WSQParameters.paddedSizeCommentKey) \(image.width) \(image.height)"
            writer.segment(.comment, payload: Array(note.utf8))
        }
    }

    /// Block 1 (subbands 0–18) with Huffman table 0; blocks 2 and 3 (19–51, 52–59) sharing table 1.
    private static func writeBlocks(_ writer: inout WSQByteWriter, values: [Int16], blockSizes: [Int]) {
        let firstEnd = blockSizes[0], secondEnd = blockSizes[0] + blockSizes[1]
        let streams = [WSQSymbolStream(values[0..<firstEnd]), WSQSymbolStream(values[firstEnd..<secondEnd]),
                       WSQSymbolStream(values[secondEnd...])]
        var tables: [WSQHuffmanTable] = []
        for (id, members) in [[0], [1, 2]].enumerated() {
            var frequencies = [Int](repeating: 0, count: 256)
            for index in members { streams[index].addFrequencies(to: &frequencies) }
            tables.append(WSQHuffmanTable(id: id, frequencies: frequencies))
        }
        for (index, stream) in streams.enumerated() {
            let table = tables[index == 0 ? 0 : 1]
            if index < 2 { writer.segment(.huffmanTable, payload: table.payload()) }
            writer.segment(.startOfBlock, payload: [UInt8(table.id)])
            writer.append(contentsOf: stream.encoded(with: table.encodingCodes()))
        }
    }
}
