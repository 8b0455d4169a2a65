import Imaging

/// Windows bitmaps: reads 8-bit paletted (gray palettes), 24-bit and 32-bit uncompressed files with
/// any of the BITMAPINFOHEADER family of headers; writes 8-bit gray with a gray palette, or 24-bit RGB.
///
/// Layout as in Microsoft's "Bitmap Storage" documentation: a 14-byte file header, a DIB header of
/// 40, 52, 56, 108 or 124 bytes, an optional palette of 4-byte BGRX entries, then rows padded to
/// 4 bytes, bottom-up unless the height is negative.
enum BMPCodec {
    static let fileHeaderSize = 14
    static let infoHeaderSize = 40
    static let metresPerInch = 0.0254

    static func decode(_ bytes: [UInt8]) throws(ImageCodecError) -> DecodedImage {
        let header = try BMPHeader(bytes)
        let rows = try pixelRows(bytes, header: header)
        let levels: [UInt8]
        switch header.bitCount {
        case 8: levels = try grayFromIndices(rows, header: header, palette: try grayPalette(bytes, header: header))
        default: levels = Luma.gray(interleaved: rows, channels: header.bitCount / 8, order: (2, 1, 0))
        }
        let image = GrayImage(width: header.width, height: header.height, pixels: levels)
        let dpi = header.pixelsPerMetre > 0 ? Double(header.pixelsPerMetre).dotsPerInchFromPerMetre : nil
        let verticalDPI = header.verticalPixelsPerMetre > 0
            ? Double(header.verticalPixelsPerMetre).dotsPerInchFromPerMetre : nil
        let info = ImageInfo(format: .bmp, width: header.width, height: header.height, bitDepth: 8,
                             layout: header.bitCount == 8 ? .palette : .rgb, storedDPI: dpi,
                             storedVerticalDPI: verticalDPI,
                             fields: [ImageInfo.Field("DIB header", "\(header.dibSize) bytes"),
                                      ImageInfo.Field("bits per pixel", String(header.bitCount)),
                                      ImageInfo.Field("row order", header.isTopDown ? "top-down" : "bottom-up")])
        return DecodedImage(image: image, info: info)
    }

    /// The pixel rows, top row first, unpadded: `width × bitCount/8` bytes each.
    private static func pixelRows(_ bytes: [UInt8], header: BMPHeader) throws(ImageCodecError) -> [UInt8] {
        let bytesPerPixel = header.bitCount / 8
        let stride = (header.bitCount * header.width + 31) / 32 * 4
        let needed = stride * header.height
        guard header.dataOffset <= bytes.count, needed <= bytes.count - header.dataOffset else {
            throw .truncated(.bmp, "pixel data needs \(needed) bytes at offset \(header.dataOffset), "
                             + "the file has \(bytes.count) bytes")
        }
        let rowBytes = header.width * bytesPerPixel
        var out = [UInt8](repeating: 0, count: rowBytes * header.height)
        for row in 0..<header.height {
            let fileRow = header.isTopDown ? row : header.height - 1 - row
            let start = header.dataOffset + fileRow * stride
            out.replaceSubrange((row * rowBytes)..<((row + 1) * rowBytes), with: bytes[start..<(start + rowBytes)])
        }
        return out
    }

    /// The palette's gray level per index; a palette with colour entries is rejected.
    private static func grayPalette(_ bytes: [UInt8], header: BMPHeader) throws(ImageCodecError) -> [UInt8] {
        let count = header.paletteCount == 0 ? 256 : header.paletteCount
        guard count <= 256 else { throw .malformed(.bmp, "palette of \(count) colours for an 8-bit image") }
        var cursor = ByteCursor(bytes, format: .bmp, offset: fileHeaderSize + header.dibSize)
        var levels = [UInt8]()
        for index in 0..<count {
            let entry = try cursor.bytes(4, for: "palette entry \(index)")
            let blue = entry[entry.startIndex], green = entry[entry.startIndex + 1], red = entry[entry.startIndex + 2]
            guard red == green, green == blue else {
                throw .unsupportedVariant(.bmp, "palette entry \(index) is a colour (R \(red) G \(green) B \(blue)), "
                                          + "not a gray; pbtool reads gray palettes only")
            }
            levels.append(red)
        }
        return levels
    }

    private static func grayFromIndices(_ indices: [UInt8], header: BMPHeader,
                                        palette: [UInt8]) throws(ImageCodecError) -> [UInt8] {
        var out = indices
        for position in out.indices {
            let index = Int(out[position])
            guard index < palette.count else {
                throw .malformed(.bmp, "pixel (\(position % header.width), \(position / header.width)) uses "
                                 + "colour \(index) of a \(palette.count)-entry palette")
            }
            out[position] = palette[index]
        }
        return out
    }
}

/// The fields of the file and DIB headers that decoding needs, validated.
struct BMPHeader {
    var dataOffset: Int
    var dibSize: Int
    var width: Int
    var height: Int
    var isTopDown: Bool
    var bitCount: Int
    var paletteCount: Int
    var pixelsPerMetre: Int
    var verticalPixelsPerMetre: Int

    init(_ bytes: [UInt8]) throws(ImageCodecError) {
        var cursor = ByteCursor(bytes, format: .bmp)
        guard try cursor.uint16LE("signature") == 0x4D42 else { throw .malformed(.bmp, "missing the BM signature") }
        try cursor.skip(8, for: "file header")
        dataOffset = Int(try cursor.uint32LE("pixel data offset"))
        dibSize = Int(try cursor.uint32LE("DIB header size"))
        guard [40, 52, 56, 108, 124].contains(dibSize) else {
            throw dibSize == 12
                ? .unsupportedVariant(.bmp, "OS/2 BITMAPCOREHEADER (12 bytes)")
                : .malformed(.bmp, "DIB header size \(dibSize) is not one of 40, 52, 56, 108, 124")
        }
        try cursor.require(dibSize - 4, for: "DIB header")
        width = Int(try cursor.int32LE("width"))
        let signedHeight = Int(try cursor.int32LE("height"))
        isTopDown = signedHeight < 0
        height = abs(signedHeight)
        try ImageLimits.check(width: width, height: height, format: .bmp)
        guard try cursor.uint16LE("planes") == 1 else { throw .malformed(.bmp, "plane count is not 1") }
        bitCount = Int(try cursor.uint16LE("bits per pixel"))
        let compression = try cursor.uint32LE("compression")
        try cursor.skip(4, for: "image size")
        pixelsPerMetre = Int(try cursor.int32LE("horizontal resolution"))
        verticalPixelsPerMetre = Int(try cursor.int32LE("vertical resolution"))
        paletteCount = Int(try cursor.uint32LE("palette size"))
        try Self.checkSupported(bitCount: bitCount, compression: compression)
        guard dataOffset >= BMPCodec.fileHeaderSize + dibSize else {
            throw .malformed(.bmp, "pixel data offset \(dataOffset) points inside the headers")
        }
    }

    private static func checkSupported(bitCount: Int, compression: UInt32) throws(ImageCodecError) {
        guard [1, 4, 8, 16, 24, 32].contains(bitCount) else {
            throw .malformed(.bmp, "\(bitCount) bits per pixel is not a BMP depth")
        }
        guard [8, 24, 32].contains(bitCount) else {
            throw .unsupportedVariant(.bmp, "\(bitCount)-bit pixels; pbtool reads 8-bit gray, 24- and 32-bit BMP")
        }
        // Compression codes from the BITMAPINFOHEADER documentation: 0 BI_RGB, 1 BI_RLE8, 2 BI_RLE4, 3 BI_BITFIELDS.
        guard compression == 0 else {
            let names: [UInt32: String] = [1: "RLE8", 2: "RLE4", 3: "BITFIELDS", 4: "JPEG", 5: "PNG"]
            throw .unsupportedVariant(.bmp, "\(names[compression] ?? "compression \(compression)") pixel data; "
                                      + "pbtool reads uncompressed BMP only")
        }
    }
}
