import Foundation
import Testing
import TestSupport

/// `pbtool template extract FOLDER --out FOLDER`.
@Suite struct TemplateFolderTests {
    private let scratch: String = {
        let path = NSTemporaryDirectory() + "pbtool-template-folder-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// Copies the synthetic set's images (not its JSON files) into a folder of the scratch directory.
    private func folder(_ name: String, images: [String] = ["101_1", "101_2", "102_1"]) throws -> String {
        let path = "\(scratch)/\(name)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for image in images {
            try FileManager.default.copyItem(atPath: try SyntheticPrintSet.image(image), toPath: "\(path)/\(image).png")
        }
        return path
    }

    @Test func everyImageGetsATemplateNamedAfterIt() throws {
        let images = try folder("in")
        let outcome = try PBToolProcess.run(["template", "extract", images, "--format", "ansi", "--out", "\(scratch)/out", "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let written = try FileManager.default.contentsOfDirectory(atPath: "\(scratch)/out").sorted()
        #expect(written == ["101_1.ansi", "101_2.ansi", "102_1.ansi"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        #expect((report["images"] as? [[String: Any]])?.count == 3 && (report["failed"] as? [Any])?.isEmpty == true)
        let info = try PBToolProcess.run(["template", "info", "\(scratch)/out/101_2.ansi", "--json"])
        #expect(info.status == 0 && info.standardOutput.contains("ansi"), "\(info.standardError)")
    }

    @Test func aBadImageIsReportedAndTheOthersAreStillExtracted() throws {
        let images = try folder("mixed", images: ["101_1", "102_1"])
        try Data([0xFF, 0xD8, 0xFF, 0xE0] + Array("not a jpeg".utf8)).write(to: URL(fileURLWithPath: "\(images)/broken.jpg"))
        let outcome = try PBToolProcess.run(["template", "extract", images, "--format", "iso", "--out", "\(scratch)/iso"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("broken.jpg") && outcome.standardError.contains("JPEG file"), "\(outcome.standardError)")
        #expect(outcome.standardError.contains("1 of 3 images in \(images) were not extracted"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(scratch)/iso").sorted() == ["101_1.iso", "102_1.iso"])
    }

    @Test func namesThatWouldClashAndStepDumpsAreRefusedBeforeAnythingIsWritten() throws {
        let images = try folder("clash", images: ["101_1"])
        try FileManager.default.copyItem(atPath: "\(images)/101_1.png", toPath: "\(images)/101_1.bmp")
        let clash = try PBToolProcess.run(["template", "extract", images, "--format", "iso", "--out", "\(scratch)/c"])
        #expect(clash.status == 2 && clash.standardError.contains("101_1.bmp and 101_1.png would both be written to 101_1.iso"),
                "\(clash.standardError)")
        #expect(!FileManager.default.fileExists(atPath: "\(scratch)/c"))
        let dump = try PBToolProcess.run(["template", "extract", images, "--format", "iso", "--out", "\(scratch)/d",
                                          "--dump-steps", "\(scratch)/steps"])
        #expect(dump.status == 2 && dump.standardError.contains("--dump-steps takes one image"))
        let empty = "\(scratch)/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let none = try PBToolProcess.run(["template", "extract", empty, "--format", "iso", "--out", "\(scratch)/e"])
        #expect(none.status == 2 && none.standardError.contains("holds no image files"))
    }
}
