import Imaging

/// The WSQ decoding pipeline (WSQ specification Annex A, in reverse), as NBIS's `wsq_decode_mem`:
/// parse the segments, Huffman-decode the blocks, dequantize, reconstruct from the subbands, and
/// map samples back to pixels.
enum WSQDecoder {
    static func decode(_ bytes: [UInt8]) throws -> GrayImage {
        let file = try WSQFile(parsing: bytes)
        let frame = file.frame
        let pixelCount = frame.width * frame.height
        guard pixelCount <= WSQParameters.maximumDecodedPixels else {
            throw WSQError.imageTooLarge(width: frame.width, height: frame.height, limit: WSQParameters.maximumDecodedPixels)
        }
        guard let quantization = file.quantizationTable, let transform = file.transformTable else {
            throw WSQError.missingTable("the transform and quantization tables", offset: file.frameOffset)
        }
        let layout = WSQSubbandLayout(width: frame.width, height: frame.height)
        let values = try coefficients(of: file, table: quantization, layout: layout)
        var plane = WSQQuantizer.dequantize(values, table: quantization, layout: layout,
                                            width: frame.width, height: frame.height)
        WSQWaveletTransform(layout: layout, width: frame.width, height: frame.height,
                            lowpass: transform.synthesisLowpass, highpass: transform.synthesisHighpass,
                            synthesis: true).reconstruct(&plane)
        let image = GrayImage(width: frame.width, height: frame.height,
                              dpi: Double(file.nistComment?.ppi ?? WSQParameters.defaultPPI),
                              pixels: pixels(from: plane, frame: frame))
        let size = file.decodedSize
        guard size.width != frame.width || size.height != frame.height else { return image }
        return image.cropped(to: PixelRect(x: 0, y: 0, width: size.width, height: size.height))
    }

    /// The quantized coefficients of all blocks, in coding order; there must be exactly as many as
    /// the coded subbands hold.
    private static func coefficients(of file: WSQFile, table: WSQQuantizationTable,
                                     layout: WSQSubbandLayout) throws -> [Int32] {
        let expected = WSQQuantizer.codedCoefficientCount(table, layout: layout)
        var values: [Int32] = []
        values.reserveCapacity(expected)
        for (index, block) in file.blocks.enumerated() {
            try WSQBlockDecoder(table: block.table).decode(file.bytes, data: block.data, blockNumber: index + 1,
                                                            into: &values, limit: expected)
        }
        guard values.count == expected else {
            let last = file.blocks.last?.offset ?? file.frameOffset
            throw WSQError.corruptBlockData(
                "the blocks hold \(values.count) coefficients but the coded subbands need \(expected)", offset: last)
        }
        return values
    }

    /// Samples scaled and shifted back to pixel values, rounded and clamped to 0…255 (NBIS `conv_img_2_uchar`).
    private static func pixels(from plane: [Float], frame: WSQFrameHeader) -> [UInt8] {
        let scale = frame.scale, shift = frame.shift
        var pixels = [UInt8](repeating: 0, count: plane.count)
        plane.withUnsafeBufferPointer { samples in
            pixels.withUnsafeMutableBufferPointer { output in
                for index in 0..<samples.count {
                    let value = Float(Double(samples[index] * scale + shift) + 0.5)
                    output[index] = value >= 0 ? (value > 255 ? 255 : UInt8(value)) : 0
                }
            }
        }
        return pixels
    }
}
