import Imaging
import Testing
@testable import ImageCodecs

@Suite struct JPEGCodecTests {
    private let print = SyntheticPrint.image(width: 160, height: 200, dpi: 569)

    @Test func grayRoundTripKeepsSizeResolutionAndMostOfThePicture() throws {
        let bytes = try ImageFile.encode(print, as: .jpeg)
        #expect(ImageFormat(magic: bytes) == .jpeg)
        let decoded = try ImageFile.decode(bytes)
        #expect(decoded.image.width == 160 && decoded.image.height == 200)
        #expect(decoded.info.storedDPI == 569 && decoded.image.dpi == 569)
        #expect(decoded.info.layout == .gray && decoded.info.bitDepth == 8)
        #expect(decoded.info.fields.contains(ImageInfo.Field("JFIF", "yes")))
        #expect(ImageComparison(print, decoded.image).psnr > 30)
    }

    @Test func lowerQualityGivesASmallerFileAndALessFaithfulPicture() throws {
        var options = ImageFile.EncodingOptions()
        options.jpegQuality = 95
        let fine = try ImageFile.encode(print, as: .jpeg, options: options)
        options.jpegQuality = 20
        let coarse = try ImageFile.encode(print, as: .jpeg, options: options)
        #expect(coarse.count < fine.count / 2)
        let finePSNR = ImageComparison(print, try ImageFile.decode(fine).image).psnr
        let coarsePSNR = ImageComparison(print, try ImageFile.decode(coarse).image).psnr
        #expect(coarsePSNR < finePSNR - 5)
    }

    @Test func infoReadsOnlyTheHeaders() throws {
        let bytes = try ImageFile.encode(print, as: .jpeg)
        let info = try ImageFile.info(Array(bytes.prefix(400)))
        #expect(info.width == 160 && info.height == 200 && info.storedDPI == 569)
        #expect(info.fields.contains(ImageInfo.Field("coding", "sequential")))
    }

    @Test func everyTruncationIsAnError() throws {
        let bytes = try ImageFile.encode(TestImages.gradient(width: 24, height: 16), as: .jpeg)
        #expect(TestImages.everyPrefixThrows(bytes).isEmpty)
        let cut = TestImages.codecError { _ = try ImageFile.decode(Array(bytes.prefix(bytes.count - 20))) }
        guard case .truncated(.jpeg, let detail) = cut else {
            Issue.record("a JPEG cut in its scan should read as truncated, got \(String(describing: cut))")
            return
        }
        #expect(detail.contains("libjpeg: Premature end of JPEG file"))
    }

    @Test func damagedFilesAreErrorsNotGrayFill() throws {
        var bytes = try ImageFile.encode(print, as: .jpeg)
        // The SOF0 segment's sample precision (T.81 B.2.2): 8 is the only baseline value.
        let frame = try #require(bytes.indices.dropLast().first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes[frame + 4] = 3
        let error = TestImages.codecError { _ = try ImageFile.decode(bytes) }
        #expect(error == .malformed(.jpeg, "libjpeg: Unsupported JPEG data precision 3"))
        var generator = SyntheticPrint.Generator(seed: 23)
        let original = try ImageFile.encode(TestImages.gradient(width: 24, height: 16), as: .jpeg)
        for _ in 0..<300 {
            var damaged = original
            damaged[2 + generator.below(damaged.count - 2)] = UInt8(generator.below(256))
            if let decoded = try? ImageFile.decode(damaged) {
                #expect(decoded.image.pixels.count == decoded.image.width * decoded.image.height)
            }
        }
    }

    @Test func emptyAndRGBImagesAreRefusedWhenWriting() {
        #expect(TestImages.codecError { _ = try ImageFile.encode(GrayImage(width: 0, height: 0, pixels: []), as: .jpeg) }
                == .cannotEncode(.jpeg, "the image has no pixels"))
        #expect(TestImages.codecError { _ = try ImageFile.encode(TestImages.colours(), as: .jpeg) }
                == .cannotEncode(.jpeg, "pbtool writes gray JPEG only, not RGB"))
        var options = ImageFile.EncodingOptions()
        options.jpegQuality = 0
        #expect(TestImages.codecError { _ = try ImageFile.encode(print, as: .jpeg, options: options) }
                == .cannotEncode(.jpeg, "quality 0 is not 1–100"))
    }
}
