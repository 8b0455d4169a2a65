import Testing
@testable import ImageCodecs

@Suite struct PGMCodecTests {
    private func decode(_ text: String) throws -> [UInt8] {
        try ImageFile.decode(Array(text.utf8)).image.pixels
    }

    @Test func plainGraymapWithCommentsIsRead() throws {
        let text = "P2\n# a comment\n3 2 # trailing comment\n255\n0 128 255\n 1 2\n3\n"
        #expect(try decode(text) == [0, 128, 255, 1, 2, 3])
    }

    @Test func smallMaxvalIsScaledToFullRange() throws {
        #expect(try decode("P2 3 1 15 0 7 15") == [0, 119, 255])
        var binary = Array("P5 2 1 1\n".utf8)
        binary += [0, 1]
        #expect(try ImageFile.decode(binary).image.pixels == [0, 255])
    }

    @Test func badMaxvalIsNamed() {
        for text in ["P2 1 1 0 0", "P2 1 1 70000 0"] {
            let error = TestImages.codecError { _ = try decode(text) }
            #expect(error?.description.contains("bad maxval") == true, "\(text): \(String(describing: error))")
        }
        let notNumber = TestImages.codecError { _ = try decode("P2 1 1 abc 0") }
        #expect(notNumber?.description.contains("maxval is not a number") == true)
    }

    @Test func sixteenBitGraymapsAreUnsupported() {
        let error = TestImages.codecError { _ = try decode("P2 1 1 1000 5") }
        #expect(error == .unsupportedVariant(.pgm, "16-bit samples (maxval 1000); pbtool reads 8-bit graymaps"))
    }

    @Test func samplesAboveMaxvalAreCorrupt() {
        let error = TestImages.codecError { _ = try decode("P2 2 1 10 5 11") }
        #expect(error == .malformed(.pgm, "sample 2 is 11, above maxval 10"))
        var binary = Array("P5 2 1 10\n".utf8)
        binary += [3, 200]
        #expect(TestImages.codecError { _ = try ImageFile.decode(binary) } == .malformed(.pgm, "pixel 1 is 200, above maxval 10"))
    }

    @Test func shortRastersAreTruncated() {
        var binary = Array("P5 4 4 255\n".utf8)
        binary += [1, 2, 3]
        #expect(TestImages.codecError { _ = try ImageFile.decode(binary) } == .truncated(.pgm, "pixel data has 3 of 16 bytes"))
        #expect(TestImages.codecError { _ = try decode("P2 2 2 255 1 2 3") }
                == .truncated(.pgm, "plain pixel data has 3 of 4 samples"))
        #expect(TestImages.codecError { _ = try decode("P5 4") } == .truncated(.pgm, "header ends before the height"))
    }

    @Test func absurdSizesAreRefusedBeforeAllocating() {
        let error = TestImages.codecError { _ = try decode("P5 100000 100000 255\n") }
        guard case .unsupportedVariant(.pgm, let detail) = error else {
            Issue.record("expected a size limit error, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("100000×100000"))
        #expect(TestImages.codecError { _ = try decode("P5 0 5 255\n") } == .malformed(.pgm, "image size 0×5 has no pixels"))
    }
}
