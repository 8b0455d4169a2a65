import Foundation
import Imaging
import Testing
import TestSupport
@testable import ImageCodecs

/// pbtool's JPEG files against libjpeg-turbo's own command-line tools (Debian `libjpeg-turbo-progs`),
/// in both directions, and Pillow reading the resolution pbtool records.
@Suite(.enabled(if: ToolProcess.isInstalled("cjpeg") && ToolProcess.isInstalled("djpeg"),
                Comment(rawValue: ToolProcess.skipMessage(["cjpeg", "djpeg"], package: "libjpeg-turbo-progs"))))
struct JPEGInteroperabilityTests {
    private let print = SyntheticPrint.image(width: 203, height: 157, dpi: 500, seed: 5)

    @Test func djpegDecodesOurFilesAsWeDo() throws {
        let scratch = try ScratchDirectory("jpeg")
        defer { scratch.remove() }
        for quality in [50, 90, 100] {
            let ours = try ImageFile.encode(print, as: .jpeg, options: ImageFile.EncodingOptions(jpegQuality: quality))
            let file = try scratch.write(ours, "ours-\(quality).jpg")
            try ToolProcess.check(["djpeg", "-pnm", "-outfile", scratch.path("there.pgm"), file])
            let there = try ImageFile.decode(try scratch.read("there.pgm")).image
            #expect(there.width == print.width && there.height == print.height)
            #expect(there.pixels == (try ImageFile.decode(ours).image.pixels), "quality \(quality)")
        }
    }

    @Test(arguments: [["-quality", "85"], ["-progressive"], ["-arithmetic"], ["-quality", "30", "-optimize"]])
    func cjpegFilesDecodeHereAsInDjpeg(options: [String]) throws {
        let scratch = try ScratchDirectory("jpeg")
        defer { scratch.remove() }
        let source = try scratch.write(try ImageFile.encode(print, as: .pgm), "print.pgm")
        try ToolProcess.check(["cjpeg"] + options + ["-outfile", scratch.path("theirs.jpg"), source])
        try ToolProcess.check(["djpeg", "-pnm", "-outfile", scratch.path("there.pgm"), scratch.path("theirs.jpg")])
        let here = try ImageFile.decode(try scratch.read("theirs.jpg"))
        #expect(here.image.pixels == (try ImageFile.decode(try scratch.read("there.pgm")).image.pixels))
        #expect(ImageComparison(print, here.image).psnr > 25)
        // cjpeg records no resolution (JFIF density 1:1, unit 0): the default applies.
        #expect(here.info.storedDPI == nil && here.image.dpi == ImageFile.defaultDPI)
        if options == ["-progressive"] { #expect(here.info.fields.contains(ImageInfo.Field("coding", "progressive"))) }
    }

    @Test func colourFilesDecodeToTheLumaDjpegGives() throws {
        let scratch = try ScratchDirectory("jpeg")
        defer { scratch.remove() }
        var ppm = Array("P6\n40 30\n255\n".utf8)
        for y in 0..<30 { for x in 0..<40 { ppm += [UInt8(x * 6), UInt8(y * 8), UInt8((x * y) % 256)] } }
        let source = try scratch.write(ppm, "colour.ppm")
        try ToolProcess.check(["cjpeg", "-quality", "92", "-outfile", scratch.path("colour.jpg"), source])
        try ToolProcess.check(["djpeg", "-grayscale", "-pnm", "-outfile", scratch.path("gray.pgm"), scratch.path("colour.jpg")])
        let here = try ImageFile.decode(try scratch.read("colour.jpg"))
        #expect(here.info.layout == .rgb && here.info.fields.contains(ImageInfo.Field("colour space", "YCbCr")))
        #expect(here.image.pixels == (try ImageFile.decode(try scratch.read("gray.pgm")).image.pixels))
    }

    @Test(.enabled(if: PillowReader.isAvailable, Comment(rawValue: PillowReader.skipMessage)))
    func pillowReadsTheResolutionWeRecord() throws {
        let scratch = try ScratchDirectory("jpeg")
        defer { scratch.remove() }
        var image = print
        image.dpi = 569
        let file = try scratch.write(try ImageFile.encode(image, as: .jpeg), "dpi.jpg")
        #expect(try PillowReader.describe(file) == "JPEG L 203x157 dpi 569")
    }
}
