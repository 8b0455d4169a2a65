import Foundation
import Testing
import TestSupport

@Suite struct ImageCommandTests {
    private let directory: String = {
        let path = NSTemporaryDirectory() + "pbtool-image-cli-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// A 16 × 12 binary graymap with a diagonal gradient.
    private func writeGraymap(_ name: String) throws -> String {
        var bytes = Array("P5\n16 12\n255\n".utf8)
        for y in 0..<12 { for x in 0..<16 { bytes.append(UInt8((x + y) * 9)) } }
        let path = "\(directory)/\(name)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func convertsThroughEveryFormatAndBack() throws {
        let source = try writeGraymap("source.pgm")
        var previous = source
        for name in ["a.png", "b.tif", "c.bmp", "d.pgm"] {
            let target = "\(directory)/\(name)"
            let outcome = try PBToolProcess.run(["image", "convert", previous, target, "--dpi", "569"])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            previous = target
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: previous)) == Data(contentsOf: URL(fileURLWithPath: source)))
    }

    @Test func infoReportsSizeDepthAndResolution() throws {
        let source = try writeGraymap("info.pgm")
        let png = "\(directory)/info.png"
        #expect(try PBToolProcess.run(["image", "convert", source, png, "--dpi", "569"]).status == 0)
        let outcome = try PBToolProcess.run(["image", "info", png, "--json"])
        #expect(outcome.status == 0)
        let report = try json(outcome.standardOutput)
        #expect(report["format"] as? String == "png")
        #expect(report["width"] as? Int == 16 && report["height"] as? Int == 12 && report["bitDepth"] as? Int == 8)
        let dpi = try #require(report["dpi"] as? [String: Any])
        #expect(dpi["used"] as? Double == 569 && dpi["plausible"] as? Bool == true)
        let text = try PBToolProcess.run(["image", "info", png]).standardOutput
        #expect(text.contains("16 × 12 pixels") && text.contains("569 dpi"))
    }

    @Test func pixelsTallerThanWideAreReportedAndReadAsSquareOnes() throws {
        let source = try writeGraymap("tall.pgm")
        let bmp = "\(directory)/tall.bmp"
        #expect(try PBToolProcess.run(["image", "convert", source, bmp, "--dpi", "500"]).status == 0)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: bmp))
        // BITMAPINFOHEADER: the vertical pixels per metre follow the horizontal ones, 42 bytes in.
        withUnsafeBytes(of: UInt32(9_843).littleEndian) { bytes.replaceSubrange(42..<46, with: $0) }
        try bytes.write(to: URL(fileURLWithPath: bmp))
        let report = try json(try PBToolProcess.run(["image", "info", bmp, "--json"]).standardOutput)
        let dpi = try #require(report["dpi"] as? [String: Any])
        #expect(dpi["used"] as? Double == 500 && dpi["vertical"] as? Double == 250 && dpi["squareHeight"] as? Int == 24)
        let text = try PBToolProcess.run(["image", "info", bmp]).standardOutput
        #expect(text.contains("500 dpi across, 250 dpi down") && text.contains("16 × 24 pixels)"), "\(text)")
        let square = "\(directory)/square.pgm"
        #expect(try PBToolProcess.run(["image", "convert", bmp, square]).status == 0)
        let converted = try json(try PBToolProcess.run(["image", "info", square, "--json"]).standardOutput)
        #expect(converted["width"] as? Int == 16 && converted["height"] as? Int == 24)
    }

    @Test func showDrawsHalfAsManyLinesAsPixelRows() throws {
        let source = try writeGraymap("show.pgm")
        let ascii = try PBToolProcess.run(["image", "show", source, "--width", "16"])
        #expect(ascii.status == 0)
        // Not a terminal: plain characters, 12 pixel rows → 6 lines, plus the caption.
        let lines = ascii.standardOutput.split(separator: "\n")
        #expect(lines.count == 7 && !ascii.standardOutput.contains("\u{1B}"))
        let shown = try json(try PBToolProcess.run(["image", "show", source, "--width", "8", "--json"]).standardOutput)
        #expect(shown["columns"] as? Int == 8 && shown["rows"] as? Int == 3)
    }

    @Test func badInputNamesTheFileAndExitsWithUsage() throws {
        let missing = try PBToolProcess.run(["image", "info", "\(directory)/missing.png"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("missing.png: does not exist"))
        let garbage = "\(directory)/garbage.tif"
        try Data("II*\0garbage".utf8).write(to: URL(fileURLWithPath: garbage))
        let corrupt = try PBToolProcess.run(["image", "convert", garbage, "\(directory)/out.png"])
        #expect(corrupt.status == 2)
        #expect(corrupt.standardError.contains("cannot read \(garbage): "))
        let source = try writeGraymap("fmt.pgm")
        let unknown = try PBToolProcess.run(["image", "convert", source, "\(directory)/out.xyz"])
        #expect(unknown.status == 2 && unknown.standardError.contains("cannot tell the format"))
        let badOption = try PBToolProcess.run(["image", "convert", source, "\(directory)/o.png", "--format", "gif"])
        #expect(badOption.status == 2 && badOption.standardError.contains("unknown image format 'gif'"))
    }

    @Test func jpegAndJPEG2000TakeTheirQualityAndRate() throws {
        let source = try writeGraymap("q.pgm")
        let lossless = "\(directory)/q.jp2"
        #expect(try PBToolProcess.run(["image", "convert", source, lossless, "--dpi", "569"]).status == 0)
        let info = try json(try PBToolProcess.run(["image", "info", lossless, "--json"]).standardOutput)
        #expect(info["format"] as? String == "jp2")
        #expect((info["fields"] as? [[String: String]])?.contains(["name": "wavelet", "value": "5/3 reversible"]) == true)
        let back = "\(directory)/q-back.pgm"
        #expect(try PBToolProcess.run(["image", "convert", lossless, back]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: back)) == Data(contentsOf: URL(fileURLWithPath: source)))

        let text = try PBToolProcess.run(["image", "convert", source, "\(directory)/q.jpg", "--quality", "40"]).standardOutput
        #expect(text.contains("(JPEG 16×12, 8-bit gray, 500 dpi)"), "\(text)")
        let lossy = try PBToolProcess.run(["image", "convert", source, "\(directory)/q2.jp2", "--bitrate", "2", "--json"])
        #expect(lossy.status == 0 && lossy.standardOutput.contains("9/7 irreversible"))
        for bad in [["--quality", "0"], ["--quality", "101"], ["--bitrate", "8"]] {
            let refused = try PBToolProcess.run(["image", "convert", source, "\(directory)/r.jpg"] + bad)
            #expect(refused.status == 2, "\(bad)")
        }
    }

    @Test func corruptJPEGAndJPEG2000FilesAreOneLineAndUsage() throws {
        let source = try writeGraymap("c.pgm")
        for name in ["c.jpg", "c.jp2"] {
            let good = "\(directory)/\(name)"
            #expect(try PBToolProcess.run(["image", "convert", source, good]).status == 0)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
            let cut = "\(directory)/cut-\(name)"
            try bytes.prefix(bytes.count * 2 / 3).write(to: URL(fileURLWithPath: cut))
            var garbled = bytes
            for index in stride(from: bytes.count / 3, to: bytes.count - 2, by: 7) { garbled[index] ^= 0x5A }
            let damaged = "\(directory)/damaged-\(name)"
            try garbled.write(to: URL(fileURLWithPath: damaged))
            for (file, kind) in [(cut, "truncated"), (damaged, "")] {
                let outcome = try PBToolProcess.run(["image", "convert", file, "\(directory)/never.png"])
                #expect(outcome.status == 2, "\(file)")
                let lines = outcome.standardError.split(separator: "\n")
                #expect(lines.count == 1 && lines[0].hasPrefix("pbtool: cannot read \(file): \(kind)"), "\(outcome.standardError)")
            }
            #expect(!FileManager.default.fileExists(atPath: "\(directory)/never.png"))
        }
    }

    @Test(.enabled(if: SharedData.isAvailable, "needs ../shared/data (real FVC TIFFs)"))
    func convertsAnFVCImage() throws {
        let source = SharedData.url("fingerprints/FVC2004_DB3_B/101_1.tif").path
        let target = "\(directory)/fvc.png"
        let outcome = try PBToolProcess.run(["image", "convert", source, target, "--dpi", "512", "--json"])
        #expect(outcome.status == 0)
        let report = try json(outcome.standardOutput)
        let output = try #require(report["output"] as? [String: Any])
        #expect(output["width"] as? Int == 300 && output["height"] as? Int == 480)
    }
}

@Suite struct SynthCommandTests {
    private func run(_ out: String, seed: String = "7") throws -> PBToolProcess.Outcome {
        try PBToolProcess.run(["synth", "--fingers", "2", "--impressions", "2", "--seed", seed, "--size", "128x128",
                               "--out", out])
    }

    @Test func writesFVCNamedImagesGroundTruthAndAManifest() throws {
        let out = NSTemporaryDirectory() + "pbtool-synth-\(UUID().uuidString)"
        let outcome = try run(out)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files == ["101_1.json", "101_1.png", "101_2.json", "101_2.png", "102_1.json", "102_1.png",
                          "102_2.json", "102_2.png", "manifest.json"])
        let manifest = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: "\(out)/manifest.json"))) as? [String: Any])
        #expect(manifest["fingerCount"] as? Int == 2 && manifest["impressionsPerFinger"] as? Int == 2)
        let truth = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: "\(out)/102_2.json"))) as? [String: Any])
        #expect(truth["finger"] as? Int == 102 && truth["impression"] as? Int == 2)
        #expect(truth["minutiae"] is [[String: Any]])
    }

    @Test func sameSeedSameBytesOtherSeedOtherBytes() throws {
        let a = NSTemporaryDirectory() + "pbtool-synth-\(UUID().uuidString)"
        let b = NSTemporaryDirectory() + "pbtool-synth-\(UUID().uuidString)"
        let c = NSTemporaryDirectory() + "pbtool-synth-\(UUID().uuidString)"
        #expect(try run(a).status == 0 && run(b).status == 0 && run(c, seed: "8").status == 0)
        let read = { (directory: String) in try Data(contentsOf: URL(fileURLWithPath: "\(directory)/102_1.png")) }
        #expect(try read(a) == read(b))
        #expect(try read(a) != read(c))
    }

    @Test func badOptionsAreUsageErrors() throws {
        for arguments in [["--fingers", "0"], ["--size", "10x10"], ["--class", "loop"], ["--format", "gif"]] {
            let outcome = try PBToolProcess.run(["synth", "--out", "/tmp/unused"] + arguments)
            #expect(outcome.status == 2, "\(arguments)")
        }
    }
}
