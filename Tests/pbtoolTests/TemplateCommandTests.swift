import Fingerprint
import Foundation
import Testing
import TestSupport

/// `pbtool template extract|info|match` on synthetic prints (``SyntheticPrintSet``).
@Suite struct TemplateCommandTests {
    private let directory: String = {
        let path = NSTemporaryDirectory() + "pbtool-template-out-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    static func image(_ name: String) throws -> String {
        try SyntheticPrintSet.image(name)
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not JSON: \(text)")
    }

    private func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Extracts `name` into `directory/out` and returns the JSON summary.
    private func extract(_ name: String, format: String, out: String) throws -> [String: Any] {
        let outcome = try PBToolProcess.run(["template", "extract", try Self.image(name), "--format", format,
                                             "--out", "\(directory)/\(out)", "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        return try json(outcome.standardOutput)
    }

    @Test(arguments: ["iso", "ansi", "compact", "host"])
    func extractWritesTheFormat(format: String) throws {
        let summary = try extract("101_1", format: format, out: "t.\(format)")
        let written = try bytes("\(directory)/t.\(format)")
        #expect(summary["format"] as? String == format && summary["bytes"] as? Int == written.count)
        #expect(summary["width"] as? Int == 256 && summary["height"] as? Int == 256 && summary["dpi"] as? Double == 500)
        let minutiae = try #require(summary["minutiae"] as? Int)
        #expect(minutiae >= 12 && minutiae <= 80)
        let endings = try #require(summary["endings"] as? Int), bifurcations = try #require(summary["bifurcations"] as? Int)
        #expect(endings > 0 && bifurcations > 0 && endings + bifurcations <= minutiae)
        #expect((0...100).contains(summary["quality"] as? Int ?? -1))
        switch format {
        case "iso", "ansi": #expect(Array(written.prefix(4)) == Array("FMR\0".utf8))
        case "host": #expect(Array(written.prefix(4)) == Array("PBHT".utf8))
        default: #expect(written.count % 3 == 0 && written.count / 3 >= 12 && written.count / 3 <= 60)
        }
    }

    @Test func extractPrintsASummaryWithoutJSON() throws {
        let outcome = try PBToolProcess.run(["template", "extract", try Self.image("101_1"), "--format", "iso",
                                             "--out", "\(directory)/plain.iso"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("minutiae") && outcome.standardOutput.contains("wrote iso template"))
    }

    @Test func dumpStepsWritesOnePicturePerStep() throws {
        let steps = "\(directory)/steps"
        let outcome = try PBToolProcess.run(["template", "extract", try Self.image("102_1"), "--format", "host",
                                             "--out", "\(directory)/steps.pbt", "--dump-steps", steps, "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let written = try #require(try json(outcome.standardOutput)["steps"] as? [String])
        #expect(written.count == 9)
        let files = try FileManager.default.contentsOfDirectory(atPath: steps).sorted()
        #expect(files.first == "01-resampled.png" && files.last == "09-minutiae.png" && files.count == 9)
        #expect(try bytes("\(steps)/09-minutiae.png").prefix(4) == [0x89, 0x50, 0x4E, 0x47])
    }

    @Test(arguments: ["iso", "host"])
    func infoShowsWhatExtractWrote(format: String) throws {
        let summary = try extract("101_2", format: format, out: "info.\(format)")
        let outcome = try PBToolProcess.run(["template", "info", "\(directory)/info.\(format)", "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let report = try json(outcome.standardOutput)
        #expect(report["format"] as? String == format)
        #expect(report["width"] as? Int == 256 && report["height"] as? Int == 256)
        let minutiae = try #require(report["minutiae"] as? [[String: Any]])
        #expect(minutiae.count == summary["minutiae"] as? Int)
        #expect(minutiae.allSatisfy { ($0["x"] as? Double ?? -1) >= 0 && ($0["x"] as? Double ?? 999) < 256 })
        #expect((report["foreground"] != nil) == (format == "host"))
        let text = try PBToolProcess.run(["template", "info", "\(directory)/info.\(format)"]).standardOutput
        #expect(text.contains("\(format) template") && text.contains("\(minutiae.count) minutiae"))
    }

    @Test func matchExitsZeroForTheSameFingerAndOneForAnother() throws {
        _ = try extract("101_2", format: "host", out: "enrolled.pbt")
        let enrolled = "\(directory)/enrolled.pbt"
        let genuine = try PBToolProcess.run(["template", "match", try Self.image("101_1"), enrolled])
        #expect(genuine.status == 0, "\(genuine.standardOutput)\(genuine.standardError)")
        #expect(genuine.standardOutput.contains("MATCH") && genuine.standardOutput.contains("1 in"))
        let impostor = try PBToolProcess.run(["template", "match", try Self.image("102_1"), enrolled])
        #expect(impostor.status == 1, "\(impostor.standardOutput)\(impostor.standardError)")
        #expect(impostor.standardOutput.contains("NO MATCH"))
        let report = try json(try PBToolProcess.run(["template", "match", try Self.image("102_1"), enrolled, "--json"])
                                .standardOutput)
        #expect(report["match"] as? Bool == false && report["matcher"] as? String == "host")
        let score = try #require(report["score"] as? Double), threshold = try #require(report["threshold"] as? Double)
        #expect(score < threshold)
    }

    @Test func compactTemplatesUseTheCardMatcher() throws {
        _ = try extract("102_2", format: "compact", out: "card.bin")
        let outcome = try PBToolProcess.run(["template", "match", try Self.image("102_1"), "\(directory)/card.bin", "--json"])
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        let report = try json(outcome.standardOutput)
        #expect(report["matcher"] as? String == "card" && report["match"] as? Bool == true)
        let reference = try #require(report["reference"] as? [String: Any])
        #expect(reference["source"] as? String == "compact")
        let other = try PBToolProcess.run(["template", "match", try Self.image("101_1"), "\(directory)/card.bin"])
        #expect(other.status == 1 && other.standardOutput.contains("card matcher"))
    }

    /// Standard records are of unknown origin, so the safe threshold applies; a record that states
    /// four times its resolution packs its minutiae 16 times tighter and is refused (exit 2).
    @Test func recordsGetTheSafeThresholdAndImplausibleOnesAreRefused() throws {
        _ = try extract("101_1", format: "iso", out: "a.iso")
        _ = try extract("101_2", format: "iso", out: "b.iso")
        let pair = try PBToolProcess.run(["template", "match", "\(directory)/a.iso", "\(directory)/b.iso", "--json"])
        let report = try json(pair.standardOutput)
        let safe = Threshold.forFalseMatchRate(1e-4, matcher: .host, origins: (.unknown, .unknown)).score
        #expect(safe > Threshold.forFalseMatchRate(1e-4, matcher: .host).score)
        #expect(abs((report["threshold"] as? Double ?? 0) - safe) < 0.001, "\(report)")
        var record = try MinutiaeRecord(bytes: Data(bytes("\(directory)/a.iso")))
        record.resolution = ScanResolution(dpi: 2000)
        try Data(record.encoded(as: .iso)).write(to: URL(fileURLWithPath: "\(directory)/squeezed.iso"))
        let info = try json(PBToolProcess.run(["template", "info", "\(directory)/squeezed.iso", "--json"]).standardOutput)
        #expect(info["origin"] as? String == "unknown")
        let density = try #require(info["density"] as? [String: Any])
        #expect(density["plausible"] as? Bool == false && (density["perSquareMillimetre"] as? Double ?? 0) > 0.65)
        let text = try PBToolProcess.run(["template", "info", "\(directory)/a.iso"]).standardOutput
        #expect(text.contains("per mm² inside their hull at the stated resolution: as fingers have"), "\(text)")
        let refused = try PBToolProcess.run(["template", "match", "\(directory)/squeezed.iso", "\(directory)/b.iso"])
        #expect(refused.status == 2 && refused.standardOutput.isEmpty)
        #expect(refused.standardError.contains("squeezed.iso: ") && refused.standardError.contains(" dpi, denser than fingers allow"),
                "\(refused.standardError)")
    }

    /// An image is judged at the resolution it is said to have, as a record is: the same image
    /// said to be at twice its resolution packs its minutiae four times tighter and is refused;
    /// extracting it still writes the template, with a warning, and `info` shows the density.
    @Test func anImageSaidToBeAtTwiceItsResolutionIsRefused() throws {
        let image = try Self.image("101_1")
        let asItIs = try PBToolProcess.run(["template", "match", image, image, "--json"])
        #expect(asItIs.status == 0, "\(asItIs.standardError)")
        let overstated = try PBToolProcess.run(["template", "match", image, image, "--dpi", "1000"])
        #expect(overstated.status == 2 && overstated.standardOutput.isEmpty)
        #expect(overstated.standardError.contains("\(image): ") && overstated.standardError.contains("at the stated 1000 dpi, denser"),
                "\(overstated.standardError)")
        let extracted = try PBToolProcess.run(["template", "extract", image, "--format", "iso", "--dpi", "1000",
                                               "--out", "\(directory)/overstated.iso"])
        #expect(extracted.status == 0 && extracted.standardError.contains("warning: \(image): "), "\(extracted.standardError)")
        #expect(FileManager.default.fileExists(atPath: "\(directory)/overstated.iso"))
        _ = try PBToolProcess.run(["template", "extract", image, "--format", "host", "--dpi", "1000",
                                   "--out", "\(directory)/overstated.pbt"])
        let info = try json(PBToolProcess.run(["template", "info", "\(directory)/overstated.pbt", "--json"]).standardOutput)
        #expect(info["origin"] == nil)
        #expect((info["density"] as? [String: Any])?["plausible"] as? Bool == false, "\(info)")
    }

    /// Damaged files: exit 2 (usage: bad input) with the file and the problem named, no crash.
    @Test(arguments: [("iso", 50, "record length"), ("host", 30, "truncated"), ("ansi", 20, "ANSI")])
    func truncatedTemplatesAreRejectedClearly(format: String, keep: Int, mentions: String) throws {
        _ = try extract("101_1", format: format, out: "whole.\(format)")
        let cut = "\(directory)/cut.\(format)"
        try Data(try bytes("\(directory)/whole.\(format)").prefix(keep)).write(to: URL(fileURLWithPath: cut))
        let info = try PBToolProcess.run(["template", "info", cut])
        #expect(info.status == 2 && info.standardOutput.isEmpty)
        #expect(info.standardError.contains(cut) && info.standardError.contains(mentions), "\(info.standardError)")
        #expect(!info.standardError.contains("Fatal error"))
        let match = try PBToolProcess.run(["template", "match", try Self.image("101_1"), cut])
        #expect(match.status == 2 && match.standardError.contains(cut), "\(match.standardError)")
    }

    @Test func unreadableInputsExitWithUsage() throws {
        let garbage = "\(directory)/garbage.bin"
        try Data([0xFF, 0xFF, 0xFF, 0xFF, 0xC0]).write(to: URL(fileURLWithPath: garbage))
        let unknown = try PBToolProcess.run(["template", "info", garbage])
        #expect(unknown.status == 2 && unknown.standardError.contains(garbage))
        let missing = try PBToolProcess.run(["template", "match", "\(directory)/absent.png", garbage])
        #expect(missing.status == 2 && missing.standardError.contains("\(directory)/absent.png does not exist"))
        _ = try extract("101_1", format: "iso", out: "input.iso")
        let notImage = try PBToolProcess.run(["template", "extract", "\(directory)/input.iso", "--format", "iso",
                                              "--out", "\(directory)/again.iso"])
        #expect(notImage.status == 2 && notImage.standardError.contains("not an image"))
    }
}
