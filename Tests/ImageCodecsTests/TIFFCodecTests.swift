import Testing
@testable import ImageCodecs

@Suite struct TIFFCodecTests {
    private var fixture: TIFFFixture {
        var fixture = TIFFFixture()
        fixture.samples = (0..<48).map { UInt8($0 * 5) }
        return fixture
    }

    @Test func handBuiltStripsDecode() throws {
        let decoded = try ImageFile.decode(fixture.bytes())
        #expect(decoded.image.pixels == fixture.samples)
        #expect(decoded.info.fields.contains(ImageInfo.Field("strips", "3")))
    }

    @Test func minIsWhiteIsInverted() throws {
        var whiteIsZero = fixture
        whiteIsZero.photometric = 0
        #expect(try ImageFile.decode(whiteIsZero.bytes()).image.pixels == fixture.samples.map { 255 - $0 })
    }

    @Test func bilevelIsExpandedThroughTheRGBAReader() throws {
        var bilevel = fixture
        bilevel.bitsPerSample = 1
        bilevel.samples = [UInt8](repeating: 0b1010_0000, count: 6)
        let decoded = try ImageFile.decode(bilevel.bytes())
        #expect(decoded.info.bitDepth == 1)
        #expect(Array(decoded.image.pixels.prefix(8)) == [255, 0, 255, 0, 0, 0, 0, 0])
    }

    @Test func tilesDecode() throws {
        var tiled = fixture
        tiled.width = 20
        tiled.height = 18
        tiled.samples = (0..<360).map { UInt8($0 % 251) }
        tiled.tile = (16, 16)
        let decoded = try ImageFile.decode(tiled.bytes())
        #expect(decoded.image.pixels == tiled.samples)
    }

    @Test func resolutionIsReadInBothUnits() throws {
        var inches = fixture
        inches.resolution = (500, 2)
        #expect(try ImageFile.decode(inches.bytes()).image.dpi == 500)
        var centimetres = fixture
        centimetres.resolution = (200, 3)
        #expect(abs(try ImageFile.decode(centimetres.bytes()).image.dpi - 508) < 0.001)
    }

    @Test func placeholderResolutionIsIgnored() throws {
        var fvcLike = fixture
        fvcLike.resolution = (1, 2)
        let decoded = try ImageFile.decode(fvcLike.bytes())
        #expect(decoded.info.storedDPI == 1)
        #expect(decoded.image.dpi == ImageFile.defaultDPI)
    }

    @Test func grayPaletteIsAcceptedAndColourRejected() throws {
        var paletted = fixture
        paletted.photometric = 3
        paletted.samples = [UInt8](repeating: 7, count: 48)
        let gray = (0..<256).map { UInt16($0) * 257 }
        paletted.colourMap = gray + gray + gray
        #expect(try ImageFile.decode(paletted.bytes()).image.pixels.allSatisfy { $0 == 7 })
        var colour = gray + gray + gray
        colour[256 + 9] = 0
        paletted.colourMap = colour
        let error = TestImages.codecError { _ = try ImageFile.decode(paletted.bytes()) }
        #expect(error?.description.contains("palette without gray: entry 9") == true)
    }

    @Test func sixteenBitIsRejectedByName() {
        var deep = fixture
        deep.bitsPerSample = 16
        deep.samples += deep.samples
        #expect(TestImages.codecError { _ = try ImageFile.decode(deep.bytes()) }
                == .unsupportedVariant(.tiff, "16-bit samples; pbtool reads 8-bit (or lower) TIFF"))
    }

    @Test func unknownCompressionIsNamed() {
        var odd = fixture
        odd.compression = 34_999
        let error = TestImages.codecError { _ = try ImageFile.decode(odd.bytes()) }
        #expect(error?.description.contains("compression") == true, "\(String(describing: error))")
    }

    @Test func missingStripIsNamed() {
        var missing = fixture
        missing.byteCountsOverride = [16, 0, 16]
        let error = TestImages.codecError { _ = try ImageFile.decode(missing.bytes()) }
        #expect(error?.description.contains("strip 1 of 3 is missing") == true, "\(String(describing: error))")
    }

    @Test func stripBeyondTheEndIsTruncation() {
        var beyond = fixture
        beyond.offsetsOverride = [8, 24, 90_000]
        guard case .truncated(.tiff, let detail) = TestImages.codecError({ _ = try ImageFile.decode(beyond.bytes()) }) else {
            Issue.record("a strip past the end must be a truncation")
            return
        }
        #expect(detail.contains("strip 2 of 3"))
    }

    @Test func directoryOutsideTheFileIsCorrupt() {
        let broken = TIFFFixture.pointingAtDirectory(fixture.bytes(), directoryOffset: 1_000_000)
        #expect(TestImages.codecError { _ = try ImageFile.decode(broken) } != nil)
        let zero = TIFFFixture.pointingAtDirectory(fixture.bytes(), directoryOffset: 0)
        #expect(TestImages.codecError { _ = try ImageFile.decode(zero) } != nil)
    }

    @Test func everyPrefixOfAHandBuiltFileThrows() {
        #expect(TestImages.everyPrefixThrows(fixture.bytes()).isEmpty)
    }

    @Test func garbageAfterTheHeaderNeverCrashes() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<200 {
            var file = fixture.bytes()
            for _ in 0..<4 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let position = 4 + Int(state >> 33) % (file.count - 4)
                file[position] = UInt8(truncatingIfNeeded: state >> 13)
            }
            _ = try? ImageFile.decode(file)
        }
    }
}
