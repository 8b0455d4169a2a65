import Imaging
import Testing
@testable import ImageCodecs

/// Encode and decode with pbtool's own codec: sizes, quality, headers, small and uniform images.
struct WSQRoundTripTests {
    @Test(arguments: [(160, 144), (161, 143), (257, 99)])
    func roundTripKeepsSizeAndQuality(width: Int, height: Int) throws {
        let image = SyntheticPrint.image(width: width, height: height)
        let bytes = try WSQCodec.encode(image, bitRate: 0.75)
        let decoded = try WSQCodec.decode(bytes)
        #expect(decoded.width == width && decoded.height == height)
        #expect(ImageComparison(image, decoded).psnr > 24)
        #expect(Double(bytes.count * 8) / Double(width * height) < 1.0, "0.75 bpp should not take a bit per pixel")
    }

    @Test func higherBitRateKeepsMoreDetail() throws {
        let image = SyntheticPrint.image(width: 160, height: 144)
        let low = try WSQCodec.encode(image, bitRate: 0.75), high = try WSQCodec.encode(image, bitRate: 2.25)
        #expect(high.count > 2 * low.count)
        let lowPSNR = ImageComparison(image, try WSQCodec.decode(low)).psnr
        let highPSNR = ImageComparison(image, try WSQCodec.decode(high)).psnr
        #expect(highPSNR > lowPSNR + 3)
    }

    @Test func resolutionTravelsAsNISTCommentPPI() throws {
        let bytes = try WSQCodec.encode(SyntheticPrint.image(width: 100, height: 90, dpi: 569), bitRate: 0.75)
        let header = try WSQCodec.header(bytes)
        #expect(header.ppi == 569)
        #expect(header.bitRate == 0.75)
        #expect(header.nistFields.contains { $0.name == "COMPRESSION" && $0.value == "WSQ" })
        #expect(header.nistFields.contains { $0.name == "WSQ_BITRATE" && $0.value == "0.750000" })
        #expect(try WSQCodec.decode(bytes).dpi == 569)
    }

    @Test func withoutNISTCommentResolutionIs500AndBitRateIsMeasured() throws {
        let bytes = try WSQCodec.encode(SyntheticPrint.image(width: 100, height: 90), bitRate: 0.75)
        let comment = try #require(try WSQCodec.header(bytes).segments.first { $0.marker == "COM" })
        let stripped = Array(bytes[..<comment.offset] + bytes[(comment.offset + comment.length)...])
        let header = try WSQCodec.header(stripped)
        #expect(header.ppi == nil)
        #expect(header.nistFields.isEmpty)
        #expect(header.bitRate == header.bitsPerPixel)
        #expect(abs(header.bitsPerPixel - Double(stripped.count * 8) / 9000) < 1e-9)
        #expect(try WSQCodec.decode(stripped).dpi == 500)
    }

    @Test func segmentsComeInNBISOrderAndCoverTheFile() throws {
        let bytes = try WSQCodec.encode(SyntheticPrint.image(width: 120, height: 100), bitRate: 0.75)
        let header = try WSQCodec.header(bytes)
        #expect(header.segments.map(\.marker) == ["SOI", "COM", "DTT", "DQT", "SOF", "DHT", "SOB", "DHT", "SOB", "SOB", "EOI"])
        var offset = 0
        for segment in header.segments {
            #expect(segment.offset == offset)
            offset += segment.length
        }
        #expect(offset == bytes.count)
    }

    @Test func headerDescribesTheFrame() throws {
        let image = SyntheticPrint.image(width: 120, height: 100)
        let header = try WSQCodec.header(try WSQCodec.encode(image, bitRate: 2.25))
        let mean = Double(image.pixels.reduce(0) { $0 + Int($1) }) / Double(image.pixels.count)
        #expect(header.width == 120 && header.height == 100)
        #expect(header.frameWidth == 120 && header.frameHeight == 100)
        #expect(header.black == 0 && header.white == 255)
        #expect(abs(header.shift - mean) < 0.01)
        #expect(header.scale > 0)
        #expect(header.encoderNumber == 2 && header.blockCount == 3)
        #expect(header.fields.contains { $0.name == "width" && $0.value == "120" })
        #expect(header.fields.contains { $0.name == "bit rate" && $0.value == "2.250000" })
    }

    @Test func uniformImageRoundTripsExactly() throws {
        let image = GrayImage(width: 90, height: 100, fill: 200)
        let decoded = try WSQCodec.decode(try WSQCodec.encode(image, bitRate: 0.75))
        #expect(decoded.pixels == image.pixels)
    }

    @Test(arguments: [(1, 1), (1, 200), (40, 30), (80, 80), (64, 145), (300, 20)])
    func smallImagesArePaddedAndCroppedBack(width: Int, height: Int) throws {
        let image = SyntheticPrint.image(width: width, height: height)
        let bytes = try WSQCodec.encode(image, bitRate: 0.75)
        let header = try WSQCodec.header(bytes)
        #expect(header.width == width && header.height == height)
        #expect(header.frameWidth == max(width, 81) && header.frameHeight == max(height, 81))
        let decoded = try WSQCodec.decode(bytes)
        #expect(decoded.width == width && decoded.height == height)
        #expect(ImageComparison(image, decoded).psnr > 22)
    }

    @Test func sizesNBISCodesCorrectlyAreNotPadded() throws {
        for width in Array(stride(from: 1, through: 400, by: 7)) + [79, 80, 81, 82] {
            for height in [1, 60, 79, 80, 81, 82, 97, 145, 300] {
                #expect(WSQPadding.isCodableByReference(width: width, height: height) == (width >= 81 && height >= 81),
                        "\(width)×\(height)")
            }
        }
        let header = try WSQCodec.header(try WSQCodec.encode(SyntheticPrint.image(width: 81, height: 81), bitRate: 0.75))
        #expect(header.frameWidth == 81 && header.frameHeight == 81)
        #expect(!header.comments.contains { $0.hasPrefix("PBTOOL_IMAGE_SIZE") })
    }

    @Test(arguments: [0, -1, Double.nan, Double.infinity, 8.5])
    func rejectsBitRatesOutOfRange(bitRate: Double) {
        #expect(throws: WSQError.self) { try WSQCodec.encode(SyntheticPrint.image(width: 90, height: 90), bitRate: bitRate) }
    }

    @Test func rejectsImagesWSQCannotHold() {
        #expect(throws: WSQError.cannotEncode("the image has no pixels (0×0)")) {
            try WSQCodec.encode(GrayImage(width: 0, height: 0, pixels: []), bitRate: 0.75)
        }
        #expect(throws: WSQError.self) { try WSQCodec.encode(GrayImage(width: 70_000, height: 1), bitRate: 0.75) }
    }

    @Test func scaledNumbersMatchTheReferenceFile() {
        // From the frame header NBIS wrote for FVC2002_DB1_B/101_1.tif: M = 22075 × 10⁻², R = 17168 × 10⁻⁴.
        #expect(WSQScaledNumber.sixteenBit(220.75) == WSQScaledNumber(scale: 2, integer: 22075))
        #expect(WSQScaledNumber.sixteenBit(1.7168) == WSQScaledNumber(scale: 4, integer: 17168))
        #expect(WSQScaledNumber(scale: 2, integer: 44).floatValue == Float(0.44))
        #expect(WSQScaledNumber.sixteenBit(70_000) == nil)
        #expect(NISTComment.sixDecimals(0.75) == "0.750000" && NISTComment.sixDecimals(2.25) == "2.250000")
    }

    /// Other encoders may write frames smaller than pbtool ever codes; they decode without trouble.
    @Test(arguments: [(1, 1), (3, 2), (5, 4), (17, 9), (40, 30)])
    func tinyFramesFromOtherEncodersDecode(width: Int, height: Int) throws {
        let layout = WSQSubbandLayout(width: width, height: height)
        let binWidths = (0..<64).map { $0 < 60 ? Float(2) : 0 }
        let count = (0..<60).reduce(0) { $0 + layout.subbands[$1].area }
        let values = (0..<count).map { Int16($0 % 5 == 0 ? 3 : 0) }
        let stream = WSQSymbolStream(values)
        var frequencies = [Int](repeating: 0, count: 256)
        stream.addFrequencies(to: &frequencies)
        let table = WSQHuffmanTable(id: 0, frequencies: frequencies)
        var writer = WSQByteWriter()
        writer.marker(.startOfImage)
        writer.segment(.transformTable, payload: WSQTransformTable.standard.payload())
        writer.segment(.quantizationTable, payload: try WSQQuantizationTable.payload(
            binWidths: binWidths, zeroBinWidths: binWidths.map { $0 * 1.2 }))
        writer.segment(.startOfFrame, payload: WSQFrameHeader(width: width, height: height, shift: 128, scale: 1).payload())
        writer.segment(.huffmanTable, payload: table.payload())
        writer.segment(.startOfBlock, payload: [0])
        writer.append(contentsOf: stream.encoded(with: table.encodingCodes()))
        writer.marker(.endOfImage)
        let image = try WSQCodec.decode(writer.bytes)
        #expect(image.width == width && image.height == height && image.dpi == 500)
    }
}
