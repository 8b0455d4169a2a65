import Imaging
import Testing
@testable import ImageCodecs

@Suite struct JPEG2000CodecTests {
    private let print = SyntheticPrint.image(width: 150, height: 190, dpi: 569)

    @Test func losslessByDefaultWithTheResolutionKept() throws {
        let bytes = try ImageFile.encode(print, as: .jpeg2000)
        #expect(ImageFormat(magic: bytes) == .jpeg2000)
        let decoded = try ImageFile.decode(bytes)
        #expect(decoded.image.pixels == print.pixels)
        #expect(decoded.info.storedDPI == 569 && decoded.image.dpi == 569)
        #expect(decoded.info.layout == .gray && decoded.info.bitDepth == 8)
        #expect(decoded.info.fields.contains(ImageInfo.Field("wavelet", "5/3 reversible")))
        #expect(decoded.info.fields.contains(ImageInfo.Field("container", "JP2")))
    }

    @Test(arguments: [250.0, 500, 569, 1_000, 1_270, 2_000, 10_000])
    func wholeResolutionsAreStoredExactly(dpi: Double) throws {
        var image = TestImages.gradient()
        image.dpi = dpi
        #expect(try ImageFile.info(try ImageFile.encode(image, as: .jpeg2000)).storedDPI == dpi)
    }

    @Test func aBitRateGivesALossyFileOfAboutThatSize() throws {
        let rate = 1.0
        let bytes = try ImageFile.encode(print, as: .jpeg2000, options: ImageFile.EncodingOptions(jpeg2000BitRate: rate))
        let budget = Double(print.width * print.height) * rate / 8
        #expect(Double(bytes.count) < budget * 1.1)
        let decoded = try ImageFile.decode(bytes)
        #expect(decoded.info.fields.contains(ImageInfo.Field("wavelet", "9/7 irreversible")))
        #expect(decoded.image.pixels != print.pixels)
        #expect(ImageComparison(print, decoded.image).psnr > 25)
    }

    @Test(arguments: [(1, 1), (2, 3), (7, 5), (33, 1)])
    func tinyImagesGetFewerResolutionLevels(width: Int, height: Int) throws {
        let image = TestImages.gradient(width: width, height: height)
        #expect(try ImageFile.decode(try ImageFile.encode(image, as: .jpeg2000)).image.pixels == image.pixels)
    }

    @Test func everyTruncationIsAnError() throws {
        let bytes = try ImageFile.encode(TestImages.gradient(width: 24, height: 16), as: .jpeg2000)
        #expect(TestImages.everyPrefixThrows(bytes).isEmpty)
        let error = TestImages.codecError { _ = try ImageFile.decode(Array(bytes.prefix(bytes.count / 2))) }
        guard case .truncated(.jpeg2000, _) = error else {
            Issue.record("a JP2 cut in half should read as truncated, got \(String(describing: error))")
            return
        }
    }

    @Test func damagedFilesAreErrorsOrWholePictures() throws {
        var generator = SyntheticPrint.Generator(seed: 41)
        let original = try ImageFile.encode(TestImages.gradient(width: 24, height: 16), as: .jpeg2000)
        for _ in 0..<300 {
            var damaged = original
            damaged[generator.below(damaged.count)] = UInt8(generator.below(256))
            if let decoded = try? ImageFile.decode(damaged) {
                #expect(decoded.image.pixels.count == decoded.image.width * decoded.image.height)
            }
        }
    }

    @Test func aResolutionBoxIsReadFromTheJP2HeaderOnly() throws {
        let bytes = try ImageFile.encode(print, as: .jpeg2000)
        let header = try #require(JP2Boxes.boxes(in: bytes, range: 0..<bytes.count).first { $0.type == "jp2h" })
        let children = JP2Boxes.boxes(in: bytes, range: header.contents).map(\.type)
        #expect(children == ["ihdr", "colr", "res "])
        #expect(JP2Boxes.resolution(in: Array(bytes.prefix(header.start))).horizontal == nil)
    }

    @Test func rgbAndEmptyImagesAreRefusedAndBadRatesToo() {
        #expect(TestImages.codecError { _ = try ImageFile.encode(TestImages.colours(), as: .jpeg2000) }
                == .cannotEncode(.jpeg2000, "pbtool writes gray JPEG 2000 only, not RGB"))
        #expect(TestImages.codecError { _ = try ImageFile.encode(GrayImage(width: 0, height: 0, pixels: []), as: .jpeg2000) }
                == .cannotEncode(.jpeg2000, "the image has no pixels"))
        let options = ImageFile.EncodingOptions(jpeg2000BitRate: 8)
        #expect(TestImages.codecError { _ = try ImageFile.encode(print, as: .jpeg2000, options: options) }
                == .cannotEncode(.jpeg2000, "bit rate 8.0 is not above 0 and below 8 bits per pixel"))
    }
}
