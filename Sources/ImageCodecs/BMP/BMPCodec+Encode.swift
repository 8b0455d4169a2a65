import Imaging

extension BMPCodec {
    /// An 8-bit bottom-up BMP with a 256-entry gray palette.
    static func encode(_ image: GrayImage) throws(ImageCodecError) -> [UInt8] {
        guard !image.isEmpty else { throw .cannotEncode(.bmp, "the image has no pixels") }
        var palette = [UInt8]()
        for level in 0...255 { palette += [UInt8(level), UInt8(level), UInt8(level), 0] }
        return file(width: image.width, height: image.height, dpi: image.dpi, bitCount: 8,
                    palette: palette, rowBytes: image.width) { row in image.row(row) }
    }

    /// A 24-bit bottom-up BMP (pixels stored blue, green, red).
    static func encode(_ image: RGBImage) throws(ImageCodecError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw .cannotEncode(.bmp, "the image has no pixels") }
        let rowBytes = image.width * 3
        return file(width: image.width, height: image.height, dpi: image.dpi, bitCount: 24,
                    palette: [], rowBytes: rowBytes) { row in
            var bgr = Array(image.pixels[(row * rowBytes)..<((row + 1) * rowBytes)])
            for pixel in stride(from: 0, to: rowBytes, by: 3) { bgr.swapAt(pixel, pixel + 2) }
            return bgr[...]
        }
    }

    private static func file(width: Int, height: Int, dpi: Double, bitCount: Int, palette: [UInt8],
                             rowBytes: Int, row: (Int) -> ArraySlice<UInt8>) -> [UInt8] {
        let stride = (rowBytes + 3) / 4 * 4
        let dataOffset = fileHeaderSize + infoHeaderSize + palette.count
        let fileSize = dataOffset + stride * height
        var out = [UInt8]()
        out.reserveCapacity(fileSize)
        out += [0x42, 0x4D]
        out.appendLE(UInt32(fileSize))
        out.appendLE(UInt32(0))
        out.appendLE(UInt32(dataOffset))
        out.appendLE(UInt32(infoHeaderSize))
        out.appendLE(UInt32(width))
        out.appendLE(UInt32(height))
        out.appendLE(UInt16(1))
        out.appendLE(UInt16(bitCount))
        out.appendLE(UInt32(0))
        out.appendLE(UInt32(stride * height))
        let pixelsPerMetre = UInt32(clamping: Int(dpi.clampedForHeader / metresPerInch))
        out.appendLE(pixelsPerMetre)
        out.appendLE(pixelsPerMetre)
        out.appendLE(UInt32(palette.count / 4))
        out.appendLE(UInt32(0))
        out += palette
        let padding = [UInt8](repeating: 0, count: stride - rowBytes)
        for y in (0..<height).reversed() {
            out += row(y)
            out += padding
        }
        return out
    }
}
