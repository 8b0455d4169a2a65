import Imaging
import Testing
@testable import ImageCodecs

@Suite struct RoundTripTests {
    static let grayFormats: [ImageFormat] = [.png, .tiff, .bmp, .pgm]

    @Test(arguments: grayFormats)
    func grayPixelsSurvive(format: ImageFormat) throws {
        let image = TestImages.gradient()
        let bytes = try ImageFile.encode(image, as: format)
        #expect(ImageFormat(magic: bytes) == format)
        let decoded = try ImageFile.decode(bytes)
        #expect(decoded.image.pixels == image.pixels)
        #expect(decoded.image.width == image.width && decoded.image.height == image.height)
        #expect(decoded.info.format == format)
        #expect(decoded.info.bitDepth == 8)
    }

    @Test(arguments: grayFormats)
    func incompressibleNoiseSurvives(format: ImageFormat) throws {
        var state: UInt64 = 12_345
        let pixels = (0..<(300 * 200)).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let image = GrayImage(width: 300, height: 200, pixels: pixels)
        #expect(try ImageFile.decode(try ImageFile.encode(image, as: format)).image.pixels == pixels)
    }

    @Test(arguments: [ImageFormat.png, .tiff, .bmp])
    func resolutionSurvives(format: ImageFormat) throws {
        let image = TestImages.gradient(dpi: 569)
        let decoded = try ImageFile.decode(try ImageFile.encode(image, as: format))
        let stored = try #require(decoded.info.storedDPI)
        // BMP and PNG store pixels per metre as an integer: ±0.03 dpi.
        #expect(abs(stored - 569) < 0.05)
        #expect(abs(decoded.image.dpi - 569) < 0.05)
    }

    @Test func resolutionOverrideWins() throws {
        let bytes = try ImageFile.encode(TestImages.gradient(dpi: 569), as: .png)
        #expect(try ImageFile.decode(bytes, dpi: 1000).image.dpi == 1000)
    }

    @Test func pgmHasNoResolutionSoTheDefaultApplies() throws {
        let decoded = try ImageFile.decode(try ImageFile.encode(TestImages.gradient(dpi: 569), as: .pgm))
        #expect(decoded.info.storedDPI == nil)
        #expect(decoded.image.dpi == ImageFile.defaultDPI)
    }

    @Test(arguments: [ImageFormat.png, .tiff, .bmp])
    func rgbIsWrittenAndReadBackAsLuma(format: ImageFormat) throws {
        let colours = TestImages.colours()
        let decoded = try ImageFile.decode(try ImageFile.encode(colours, as: format))
        #expect(decoded.info.layout == .rgb)
        for y in 0..<colours.height {
            for x in 0..<colours.width {
                let (red, green, blue) = colours[x, y]
                let expected = Int(Luma.gray(red: red, green: green, blue: blue))
                #expect(Int(decoded.image[x, y]) == expected)
            }
        }
    }

    @Test func grayOnlyFormatsRefuseRGB() {
        for format in [ImageFormat.pgm, .wsq] {
            let error = TestImages.codecError { _ = try ImageFile.encode(TestImages.colours(), as: format) }
            #expect(error == .cannotEncode(format, "the format holds gray images only, not RGB"))
        }
    }

    @Test(arguments: grayFormats)
    func emptyImagesAreRefused(format: ImageFormat) {
        let empty = GrayImage(width: 0, height: 0, pixels: [])
        #expect(TestImages.codecError { _ = try ImageFile.encode(empty, as: format) } != nil)
    }

    @Test(arguments: grayFormats)
    func onePixelImagesWork(format: ImageFormat) throws {
        let image = GrayImage(width: 1, height: 1, pixels: [42])
        #expect(try ImageFile.decode(try ImageFile.encode(image, as: format)).image.pixels == [42])
    }

    @Test(arguments: grayFormats)
    func everyTruncationOfAWrittenFileIsAnError(format: ImageFormat) throws {
        let bytes = try ImageFile.encode(TestImages.gradient(width: 11, height: 7), as: format)
        #expect(TestImages.everyPrefixThrows(bytes).isEmpty)
    }
}
