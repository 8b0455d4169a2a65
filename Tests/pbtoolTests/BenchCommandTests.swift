import Foundation
import Testing
import TestSupport

/// `pbtool bench accuracy|speed` on the synthetic set (2 fingers × 2 impressions): the pair
/// counts and report shape, not the figures, which only mean something on real sets.
@Suite struct BenchCommandTests {
    private let directory: String = {
        let path = NSTemporaryDirectory() + "pbtool-bench-cli-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// A folder with only the images of the synthetic set (the generator's JSON files left out).
    private func dataset() throws -> String {
        let source = try SyntheticPrintSet.directory.get()
        let target = "\(directory)/set"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        for name in ["101_1", "101_2", "102_1", "102_2"] {
            try FileManager.default.copyItem(atPath: "\(source)/\(name).png", toPath: "\(target)/\(name).png")
        }
        return target
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not JSON: \(text)")
    }

    @Test(arguments: ["host", "card"])
    func accuracyReportsBothProtocols(matcher: String) throws {
        let set = try dataset()
        let det = "\(directory)/det-\(matcher).svg"
        let outcome = try PBToolProcess.run(["bench", "accuracy", "--dataset", set, "--matcher", matcher,
                                             "--det", det, "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let report = try json(outcome.standardOutput)
        let fvc = try #require(report["fvc"] as? [String: Any])
        let all = try #require(report["allImpostor"] as? [String: Any])
        #expect(fvc["genuinePairs"] as? Int == 2 && fvc["impostorPairs"] as? Int == 1)
        #expect(all["genuinePairs"] as? Int == 2 && all["impostorPairs"] as? Int == 4)
        for rates in [fvc, all] {
            for key in ["eer", "fmr100", "fmr1000", "zeroFMR"] {
                let rate = try #require(rates[key] as? Double, "missing \(key)")
                #expect((0...1).contains(rate))
            }
        }
        let svg = try String(contentsOfFile: det, encoding: .utf8)
        #expect(svg.hasPrefix("<svg") && svg.hasSuffix("</svg>\n") && svg.contains("<polyline"))
        let png = try json(try PBToolProcess.run(["image", "info", "\(directory)/det-\(matcher).png", "--json"]).standardOutput)
        #expect(png["format"] as? String == "png" && png["layout"] as? String == "rgb")
        #expect(png["width"] as? Int == 1_120 && png["height"] as? Int == 960, "the SVG's 560 × 480 at twice the size")
    }

    @Test func theDETPictureIsNeverWrittenOverItsSVG() throws {
        let outcome = try PBToolProcess.run(["bench", "accuracy", "--dataset", try dataset(), "--det", "\(directory)/det.png"])
        #expect(outcome.status == 2 && outcome.standardError.contains("--det names the SVG file"), "\(outcome.standardError)")
        #expect(!FileManager.default.fileExists(atPath: "\(directory)/det.png"))
    }

    @Test func accuracyPrintsATable() throws {
        let outcome = try PBToolProcess.run(["bench", "accuracy", "--dataset", try dataset()])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("2 fingers") && outcome.standardOutput.contains("2 / 4"))
    }

    @Test func setsTooSmallToEvaluateAreRejected() throws {
        let single = "\(directory)/single"
        try FileManager.default.createDirectory(atPath: single, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try SyntheticPrintSet.image("101_1"), toPath: "\(single)/101_1.png")
        let outcome = try PBToolProcess.run(["bench", "accuracy", "--dataset", single])
        #expect(outcome.status == 2 && outcome.standardError.contains("at least 2 fingers"), "\(outcome.standardError)")
        let missing = try PBToolProcess.run(["bench", "accuracy", "--dataset", "\(directory)/absent"])
        #expect(missing.status == 2 && missing.standardError.contains("absent"))
    }

    @Test func speedReportsItsMembers() throws {
        let outcome = try PBToolProcess.run(["bench", "speed", "--dataset", try dataset(), "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let report = try json(outcome.standardOutput)
        #expect(report["images"] as? Int == 4)
        #expect((report["extractMsPerImage"] as? Double ?? 0) > 0 && (report["matchesPerSecond"] as? Double ?? 0) > 0)
        #expect((report["comparisons"] as? Int ?? 0) > 0)
    }
}
