import Testing
@testable import ImageCodecs

@Suite struct BMPCodecTests {
    /// A 3×2 bitmap with the given depth; pixel rows given top-down, unpadded.
    private func bitmap(bitCount: UInt16, rows: [[UInt8]], palette: [[UInt8]] = [], topDown: Bool = false,
                        compression: UInt32 = 0, dibSize: UInt32 = 40, width: Int32 = 3) -> [UInt8] {
        let rowBytes = rows[0].count
        let stride = (rowBytes + 3) / 4 * 4
        let dataOffset = 14 + Int(dibSize) + palette.count * 4
        var out = Array("BM".utf8)
        out.appendLE32(UInt32(dataOffset + stride * rows.count))
        out.appendLE32(0)
        out.appendLE32(UInt32(dataOffset))
        out.appendLE32(dibSize)
        out.appendLE32(UInt32(bitPattern: width))
        out.appendLE32(UInt32(bitPattern: Int32(topDown ? -rows.count : rows.count)))
        out.appendLE16(1)
        out.appendLE16(bitCount)
        out.appendLE32(compression)
        out.appendLE32(0)
        out.appendLE32(19_685)
        out.appendLE32(19_685)
        out.appendLE32(UInt32(palette.count))
        out.appendLE32(0)
        out += [UInt8](repeating: 0, count: Int(dibSize) - 40)
        for entry in palette { out += entry + [0] }
        for row in (topDown ? rows : rows.reversed()) {
            out += row + [UInt8](repeating: 0, count: stride - rowBytes)
        }
        return out
    }

    private let grayPalette: [[UInt8]] = (0..<256).map { index -> [UInt8] in [UInt8(index), UInt8(index), UInt8(index)] }

    @Test func eightBitGrayPaletteBottomUpAndTopDown() throws {
        let rows: [[UInt8]] = [[1, 2, 3], [4, 5, 6]]
        for topDown in [false, true] {
            let decoded = try ImageFile.decode(bitmap(bitCount: 8, rows: rows, palette: grayPalette, topDown: topDown))
            #expect(decoded.image.pixels == [1, 2, 3, 4, 5, 6])
            #expect(abs((decoded.info.storedDPI ?? 0) - 500) < 0.1)
        }
    }

    @Test func paletteOrderIsHonoured() throws {
        let inverted: [[UInt8]] = (0..<256).map { index -> [UInt8] in
            let level = UInt8(255 - index)
            return [level, level, level]
        }
        let decoded = try ImageFile.decode(bitmap(bitCount: 8, rows: [[0, 1, 255]], palette: inverted))
        #expect(decoded.image.pixels == [255, 254, 0])
    }

    @Test func twentyFourBitIsConvertedToLuma() throws {
        let rows: [[UInt8]] = [[0, 0, 255, 0, 255, 0, 255, 0, 0]]  // BGR: red, green, blue
        let decoded = try ImageFile.decode(bitmap(bitCount: 24, rows: rows))
        #expect(decoded.image.pixels == [Luma.gray(red: 255, green: 0, blue: 0),
                                         Luma.gray(red: 0, green: 255, blue: 0),
                                         Luma.gray(red: 0, green: 0, blue: 255)])
    }

    @Test func largerInfoHeadersAreAccepted() throws {
        let file = bitmap(bitCount: 8, rows: [[9, 8, 7]], palette: grayPalette, dibSize: 124)
        #expect(try ImageFile.decode(file).image.pixels == [9, 8, 7])
    }

    @Test func colourPaletteIsRejected() {
        var palette = grayPalette
        palette[2] = [10, 20, 30]
        let error = TestImages.codecError { _ = try ImageFile.decode(bitmap(bitCount: 8, rows: [[0, 1, 2]], palette: palette)) }
        #expect(error?.description.contains("palette entry 2 is a colour") == true)
    }

    @Test func indexBeyondAShortPaletteIsCorrupt() {
        let file = bitmap(bitCount: 8, rows: [[0, 1, 5]], palette: Array(grayPalette.prefix(4)))
        #expect(TestImages.codecError { _ = try ImageFile.decode(file) }?.description.contains("colour 5 of a 4-entry palette") == true)
    }

    @Test func unsupportedDepthsAndCompressionAreNamed() {
        let rle = bitmap(bitCount: 8, rows: [[0, 0, 0]], palette: grayPalette, compression: 1)
        #expect(TestImages.codecError { _ = try ImageFile.decode(rle) }?.description.contains("RLE8") == true)
        let sixteen = bitmap(bitCount: 16, rows: [[0, 0, 0, 0, 0, 0]])
        #expect(TestImages.codecError { _ = try ImageFile.decode(sixteen) }?.description.contains("16-bit pixels") == true)
        let bogus = bitmap(bitCount: 7, rows: [[0, 0, 0]])
        #expect(TestImages.codecError { _ = try ImageFile.decode(bogus) } == .malformed(.bmp, "7 bits per pixel is not a BMP depth"))
    }

    @Test func lyingSizesAreCaught() {
        let wide = bitmap(bitCount: 8, rows: [[1, 2, 3]], palette: grayPalette, width: 3_000)
        guard case .truncated(.bmp, let detail) = TestImages.codecError({ _ = try ImageFile.decode(wide) }) else {
            Issue.record("a width beyond the data must be a truncation")
            return
        }
        #expect(detail.contains("pixel data needs"))
        var offsetPastEnd = bitmap(bitCount: 8, rows: [[1, 2, 3]], palette: grayPalette)
        offsetPastEnd.replaceSubrange(10..<14, with: [0xFF, 0xFF, 0, 0])
        #expect(TestImages.codecError { _ = try ImageFile.decode(offsetPastEnd) } != nil)
        var offsetInsideHeader = bitmap(bitCount: 24, rows: [[1, 2, 3, 4, 5, 6, 7, 8, 9]])
        offsetInsideHeader.replaceSubrange(10..<14, with: [20, 0, 0, 0])
        #expect(TestImages.codecError { _ = try ImageFile.decode(offsetInsideHeader) }
                == .malformed(.bmp, "pixel data offset 20 points inside the headers"))
        var dib = bitmap(bitCount: 24, rows: [[1, 2, 3, 4, 5, 6, 7, 8, 9]])
        dib.replaceSubrange(14..<18, with: [99, 0, 0, 0])
        #expect(TestImages.codecError { _ = try ImageFile.decode(dib) }?.description.contains("DIB header size 99") == true)
        let negativeWidth = bitmap(bitCount: 24, rows: [[1, 2, 3]], width: -1)
        #expect(TestImages.codecError { _ = try ImageFile.decode(negativeWidth) } != nil)
    }

    @Test func everyPrefixOfAPalettedFileThrows() {
        let file = bitmap(bitCount: 8, rows: [[1, 2, 3], [4, 5, 6]], palette: grayPalette)
        #expect(TestImages.everyPrefixThrows(file).isEmpty)
    }
}
