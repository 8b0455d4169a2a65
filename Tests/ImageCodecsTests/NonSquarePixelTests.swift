import Foundation
import Imaging
import Testing
import TestSupport
@testable import ImageCodecs

/// Files whose two axes state different resolutions are read as square pixels at the horizontal
/// one, whichever format says so; Pillow writes the files.
@Suite(.enabled(if: PillowReader.isAvailable, Comment(rawValue: PillowReader.skipMessage)))
struct NonSquarePixelTests {
    @Test(arguments: [("TIFF", "tif"), ("PNG", "png"), ("BMP", "bmp"), ("JPEG", "jpg")])
    func tallPixelsAreReadAsSquareOnesAtTheHorizontalResolution(format: String, suffix: String) throws {
        let scratch = try ScratchDirectory("nonsquare")
        defer { scratch.remove() }
        let file = scratch.path("tall.\(suffix)")
        try PillowWriter.writeRamp(to: file, format: format, width: 40, height: 30, dpi: 500, verticalDPI: 250)
        let decoded = try ImageFile.readDecoded(file)
        #expect(decoded.info.width == 40 && decoded.info.height == 30, "info keeps what the file says")
        #expect(abs((decoded.info.storedVerticalDPI ?? 0) - 250) < 0.2)
        #expect(decoded.image.width == 40 && decoded.image.height == 60)
        #expect(abs(decoded.image.dpi - 500) < 0.2)
        let rowMeans = (0..<decoded.image.height).map { row in
            (0..<40).reduce(0) { $0 + Int(decoded.image.pixels[row * 40 + $1]) } / 40
        }
        #expect(rowMeans.first! < 20 && rowMeans.last! > 235, "the picture is stretched, not cut")
        #expect(zip(rowMeans, rowMeans.dropFirst()).allSatisfy { $0 <= $1 + 2 }, "dark to light all the way down")
    }

    @Test(arguments: [("TIFF", "tif"), ("PNG", "png")])
    func squarePixelsAndAnExplicitResolutionLeaveThePictureAsItIs(format: String, suffix: String) throws {
        let scratch = try ScratchDirectory("nonsquare")
        defer { scratch.remove() }
        let square = scratch.path("square.\(suffix)"), wide = scratch.path("wide.\(suffix)")
        try PillowWriter.writeRamp(to: square, format: format, width: 40, height: 30, dpi: 500, verticalDPI: 500)
        try PillowWriter.writeRamp(to: wide, format: format, width: 40, height: 30, dpi: 500, verticalDPI: 1000)
        let asIs = try ImageFile.readDecoded(square)
        #expect(asIs.info.nonSquareVerticalDPI == nil && asIs.image.height == 30)
        #expect(try ImageFile.read(wide).height == 15, "wide pixels shrink the height")
        let told = try ImageFile.read(wide, dpi: 1000)
        #expect(told.height == 30 && told.dpi == 1000, "a resolution given by the caller is taken for both axes")
    }

    @Test func aVerticalResolutionThatWouldStretchPastTheLimitsIsRefused() throws {
        let scratch = try ScratchDirectory("nonsquare")
        defer { scratch.remove() }
        let file = scratch.path("thin.bmp")
        try PillowWriter.writeRamp(to: file, format: "BMP", width: 2, height: 700, dpi: 10_000, verticalDPI: 100)
        #expect(throws: ImageFileError.self) { try ImageFile.read(file) }
        #expect(try ImageFile.read(file, dpi: 500).height == 700)
    }

    @Test func aJP2ResolutionBoxWithItsOwnVerticalValueIsHonoured() throws {
        var image = SyntheticPrint.image(width: 64, height: 48, dpi: 500, seed: 3)
        image.dpi = 500
        var bytes = try ImageFile.encode(image, as: .jpeg2000)
        // ISO/IEC 15444-1 I.5.3.7: the capture box's first field is the vertical numerator.
        let resc = try #require(bytes.firstRange(of: Array("resc".utf8)))
        let numerator = Int(bytes[resc.upperBound]) << 8 | Int(bytes[resc.upperBound + 1])
        bytes[resc.upperBound] = UInt8((numerator * 2) >> 8)
        bytes[resc.upperBound + 1] = UInt8((numerator * 2) & 0xFF)
        let decoded = try ImageFile.decode(bytes)
        #expect(abs((decoded.info.storedVerticalDPI ?? 0) - 1000) < 0.5)
        #expect(decoded.image.width == 64 && decoded.image.height == 24)
    }
}
