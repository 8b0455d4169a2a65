import Foundation
import Testing
import TestSupport

/// `pbtool bench accuracy --templates DIR [--probes DIR]` on ISO templates pbtool writes of the
/// synthetic set (2 fingers × 2 impressions): pairs, mixed pairs and each bad input.
@Suite struct BenchTemplatesCommandTests {
    private let directory: String = {
        let path = NSTemporaryDirectory() + "pbtool-bench-templates-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// The synthetic set's images, and ISO templates of them in `templates/`.
    private func sets() throws -> (images: String, templates: String) {
        let source = try SyntheticPrintSet.directory.get()
        let images = "\(directory)/images", templates = "\(directory)/templates"
        try FileManager.default.createDirectory(atPath: images, withIntermediateDirectories: true)
        for name in ["101_1", "101_2", "102_1", "102_2"] {
            try FileManager.default.copyItem(atPath: "\(source)/\(name).png", toPath: "\(images)/\(name).png")
        }
        let extract = try PBToolProcess.run(["template", "extract", images, "--format", "iso", "--out", templates])
        #expect(extract.status == 0, "\(extract.standardError)")
        return (images, templates)
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not JSON: \(text)")
    }

    @Test(arguments: ["host", "card"])
    func templatesAreScoredLikeImages(matcher: String) throws {
        let (images, templates) = try sets()
        for probes in [nil, images] {
            let outcome = try PBToolProcess.run(["bench", "accuracy", "--templates", templates, "--matcher", matcher, "--json"]
                                                + (probes.map { ["--probes", $0] } ?? []))
            #expect(outcome.status == 0, "\(outcome.standardError)")
            let report = try json(outcome.standardOutput)
            let all = try #require(report["allImpostor"] as? [String: Any])
            #expect(all["genuinePairs"] as? Int == 2 && all["impostorPairs"] as? Int == 4)
            #expect(report["probes"] as? String == probes)
            #expect((report["allImpostor"] as? [String: Any])?["eer"] as? Double == 0, "synthetic fingers separate")
        }
    }

    @Test func theTableNamesTheProbeFolder() throws {
        let (images, templates) = try sets()
        let outcome = try PBToolProcess.run(["bench", "accuracy", "--templates", templates, "--probes", images])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("(probes from \(images))") && outcome.standardOutput.contains("2 / 4"))
    }

    @Test func exactlyOneReferenceFolder() throws {
        let (images, templates) = try sets()
        let both = try PBToolProcess.run(["bench", "accuracy", "--dataset", images, "--templates", templates])
        let neither = try PBToolProcess.run(["bench", "accuracy", "--probes", images])
        for outcome in [both, neither] {
            #expect(outcome.status == 2 && outcome.standardError.contains("exactly one of --dataset"), "\(outcome.standardError)")
        }
    }

    @Test func foldersOfTheWrongKindAreRefused() throws {
        let (images, templates) = try sets()
        let asImages = try PBToolProcess.run(["bench", "accuracy", "--dataset", templates])
        #expect(asImages.status == 2 && asImages.standardError.contains("holds templates"), "\(asImages.standardError)")
        let asTemplates = try PBToolProcess.run(["bench", "accuracy", "--templates", images])
        #expect(asTemplates.status == 2 && asTemplates.standardError.contains("holds images"), "\(asTemplates.standardError)")
        try FileManager.default.copyItem(atPath: "\(templates)/101_1.iso", toPath: "\(images)/101_3.iso")
        let mixed = try PBToolProcess.run(["bench", "accuracy", "--dataset", images])
        #expect(mixed.status == 2 && mixed.standardError.contains("mixes images and templates"), "\(mixed.standardError)")
    }

    @Test func aBrokenTemplateIsNamed() throws {
        let (_, templates) = try sets()
        try Data("FMR\0 20\0 broken".utf8).write(to: URL(fileURLWithPath: "\(templates)/102_2.iso"))
        let outcome = try PBToolProcess.run(["bench", "accuracy", "--templates", templates])
        #expect(outcome.status == 2 && outcome.standardError.contains("102_2.iso"), "\(outcome.standardError)")
        #expect(outcome.standardError.split(separator: "\n").count == 1, "one error line")
    }
}
