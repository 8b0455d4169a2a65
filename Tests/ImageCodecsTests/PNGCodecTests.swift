import Testing
@testable import ImageCodecs

@Suite struct PNGCodecTests {
    private let grayRows: [[UInt8]] = [[0, 50, 100], [150, 200, 250]]

    @Test func handBuiltGrayFileDecodes() throws {
        let file = PNGFixture.file(width: 3, height: 2, bitDepth: 8, colourType: 0, rows: grayRows)
        let decoded = try ImageFile.decode(file)
        #expect(decoded.image.pixels == grayRows.flatMap { $0 })
        #expect(decoded.info.layout == .gray)
        #expect(decoded.info.storedDPI == nil)
    }

    @Test func lowBitDepthGrayIsExpanded() throws {
        // 2-bit gray, 4 pixels in one byte: levels 0, 1, 2, 3 → 0, 85, 170, 255.
        let file = PNGFixture.file(width: 4, height: 1, bitDepth: 2, colourType: 0, rows: [[0b0001_1011]])
        #expect(try ImageFile.decode(file).image.pixels == [0, 85, 170, 255])
    }

    @Test func grayPaletteIsAccepted() throws {
        let palette: [(UInt8, UInt8, UInt8)] = [(0, 0, 0), (128, 128, 128), (255, 255, 255)]
        let file = PNGFixture.file(width: 3, height: 1, bitDepth: 8, colourType: 3, rows: [[2, 1, 0]], palette: palette)
        let decoded = try ImageFile.decode(file)
        #expect(decoded.image.pixels == [255, 128, 0])
        #expect(decoded.info.layout == .palette)
    }

    @Test func colourPaletteIsRejectedByName() {
        let palette: [(UInt8, UInt8, UInt8)] = [(0, 0, 0), (255, 0, 0)]
        let file = PNGFixture.file(width: 2, height: 1, bitDepth: 8, colourType: 3, rows: [[0, 1]], palette: palette)
        let error = TestImages.codecError { _ = try ImageFile.decode(file) }
        #expect(error?.description.contains("palette without gray: entry 1 is a colour") == true)
    }

    @Test func sixteenBitIsRejectedByName() {
        let file = PNGFixture.file(width: 2, height: 1, bitDepth: 16, colourType: 0, rows: [[0, 1, 255, 255]])
        #expect(TestImages.codecError { _ = try ImageFile.decode(file) }
                == .unsupportedVariant(.png, "16-bit samples; pbtool reads 8-bit (or lower) PNG"))
    }

    @Test func alphaIsCompositedOnWhite() throws {
        // Gray+alpha: black fully opaque, black fully transparent.
        let file = PNGFixture.file(width: 2, height: 1, bitDepth: 8, colourType: 4, rows: [[0, 255, 0, 0]])
        #expect(try ImageFile.decode(file).image.pixels == [0, 255])
    }

    @Test func badCRCIsCorrupt() {
        var file = PNGFixture.file(width: 3, height: 2, bitDepth: 8, colourType: 0, rows: grayRows)
        file[29] ^= 0xFF  // last byte of the IHDR CRC
        let error = TestImages.codecError { _ = try ImageFile.decode(file) }
        guard case .malformed(.png, let detail) = error else {
            Issue.record("expected corruption, got \(String(describing: error))")
            return
        }
        #expect(detail.lowercased().contains("crc"))
    }

    @Test func truncatedImageDataIsReported() throws {
        let file = PNGFixture.file(width: 3, height: 2, bitDepth: 8, colourType: 0, rows: grayRows)
        let idat = try #require(indexOfChunk("IDAT", in: file))
        let cut = Array(file.prefix(idat + 8 + 5))
        #expect(TestImages.codecError { _ = try ImageFile.decode(cut) } != nil)
        // An IDAT whose declared length is honest but whose zlib stream stops short.
        var short = PNGFixture.Chunk(type: "IDAT", data: PNGFixture.zlibStored([0, 1, 2, 3]))
        short.data.removeLast(6)
        let damaged = PNGFixture.assemble([
            PNGFixture.Chunk(type: "IHDR", data: [0, 0, 0, 3, 0, 0, 0, 2, 8, 0, 0, 0, 0]), short,
            PNGFixture.Chunk(type: "IEND", data: []),
        ])
        #expect(TestImages.codecError { _ = try ImageFile.decode(damaged) } != nil)
    }

    @Test func writtenFilesCarryAResolutionChunk() throws {
        let bytes = try ImageFile.encode(TestImages.gradient(dpi: 500), as: .png)
        #expect(indexOfChunk("pHYs", in: bytes) != nil)
        #expect(PNGChunks(scanning: bytes).chunkNames.first == "IHDR")
    }

    @Test func everyPrefixOfAHandBuiltFileThrows() {
        let file = PNGFixture.file(width: 3, height: 2, bitDepth: 8, colourType: 0, rows: grayRows)
        #expect(TestImages.everyPrefixThrows(file).isEmpty)
    }

    private func indexOfChunk(_ name: String, in file: [UInt8]) -> Int? {
        let type = Array(name.utf8)
        return (8..<(file.count - 4)).first { Array(file[$0..<($0 + 4)]) == type }.map { $0 - 4 }
    }
}
