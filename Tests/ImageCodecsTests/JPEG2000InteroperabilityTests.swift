import Foundation
import Imaging
import Testing
import TestSupport
@testable import ImageCodecs

/// pbtool's JPEG 2000 files against OpenJPEG's command-line tools (Debian `libopenjp2-tools`), in
/// both directions, and Pillow reading the resolution box pbtool writes.
@Suite(.enabled(if: ToolProcess.isInstalled("opj_compress") && ToolProcess.isInstalled("opj_decompress"),
                Comment(rawValue: ToolProcess.skipMessage(["opj_compress", "opj_decompress"], package: "libopenjp2-tools"))))
struct JPEG2000InteroperabilityTests {
    private let print = SyntheticPrint.image(width: 203, height: 157, dpi: 500, seed: 9)

    @Test(arguments: [nil, 0.75, 2.0])
    func opjDecompressDecodesOurFilesAsWeDo(bitRate: Double?) throws {
        let scratch = try ScratchDirectory("jp2")
        defer { scratch.remove() }
        let ours = try ImageFile.encode(print, as: .jpeg2000, options: ImageFile.EncodingOptions(jpeg2000BitRate: bitRate))
        let file = try scratch.write(ours, "ours.jp2")
        try ToolProcess.check(["opj_decompress", "-quiet", "-i", file, "-o", scratch.path("there.pgm")])
        let there = try ImageFile.decode(try scratch.read("there.pgm")).image
        #expect(there.pixels == (try ImageFile.decode(ours).image.pixels))
        if bitRate == nil { #expect(there.pixels == print.pixels, "lossless means the same pixels in OpenJPEG's tool too") }
    }

    @Test(arguments: [["-o", "theirs.jp2"], ["-o", "theirs.j2k"], ["-o", "theirs.jp2", "-r", "20", "-I"],
                      ["-o", "theirs.jp2", "-n", "3", "-p", "RPCL"]])
    func opjCompressFilesDecodeHereAsInOpjDecompress(options: [String]) throws {
        let scratch = try ScratchDirectory("jp2")
        defer { scratch.remove() }
        let source = try scratch.write(try ImageFile.encode(print, as: .pgm), "print.pgm")
        let output = scratch.path(options[1])
        try ToolProcess.check(["opj_compress", "-i", source] + ["-o", output] + options.dropFirst(2))
        try ToolProcess.check(["opj_decompress", "-quiet", "-i", output, "-o", scratch.path("there.pgm")])
        let here = try ImageFile.decode(try scratch.read(options[1]))
        #expect(here.image.pixels == (try ImageFile.decode(try scratch.read("there.pgm")).image.pixels))
        if options.count == 2 { #expect(here.image.pixels == print.pixels, "opj_compress is lossless by default") }
        let container = options[1].hasSuffix(".j2k") ? "codestream" : "JP2"
        #expect(here.info.fields.contains(ImageInfo.Field("container", container)))
        // opj_compress writes no resolution box: the default applies.
        #expect(here.info.storedDPI == nil && here.image.dpi == ImageFile.defaultDPI)
    }

    @Test(.enabled(if: PillowReader.isAvailable, Comment(rawValue: PillowReader.skipMessage)))
    func pillowReadsTheResolutionBoxWeWrite() throws {
        let scratch = try ScratchDirectory("jp2")
        defer { scratch.remove() }
        var image = print
        image.dpi = 569
        let file = try scratch.write(try ImageFile.encode(image, as: .jpeg2000), "dpi.jp2")
        #expect(try PillowReader.describe(file) == "JPEG2000 L 203x157 dpi 569")
    }
}
