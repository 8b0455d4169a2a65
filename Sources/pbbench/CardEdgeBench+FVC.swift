import Fingerprint
import Foundation
import ReferenceData
import VirtualCard

/// The on-card comparison alone, over the FVC DB_B sets: the ISO 19794-2 records in
/// `../shared/data/fingerprints/iso-templates` (another vendor's extractor) made into `pb-iso`
/// compact-card templates (12–60 minutiae, x-y ascending), compared as the card compares them.
extension CardEdgeBench {
    static let fvcSets = ["FVC2002_DB1_B", "FVC2002_DB2_B", "FVC2004_DB1_B", "FVC2004_DB3_B"]

    /// The scores of every all-impostor and genuine pair, and how long each comparison took.
    struct FVCComparisons {
        var impostorScores: [Double] = []
        var genuineScores: [Double] = []
        var milliseconds: [Double] = []
        var unusableTemplates = 0
    }

    func recordOnCardMatch(_ report: BenchReport) throws {
        guard SharedData.isAvailable else {
            report.skip("the on-card match over FVC impostor pairs: \(SharedData.skipMessage)")
            return
        }
        let comparison = EngineComparison(threshold: 0)
        var results = FVCComparisons()
        for set in Self.fvcSets { try compare(set, with: comparison, into: &results) }
        let times = results.milliseconds.sorted()
        let impostors = results.impostorScores.sorted()
        report.record("on-card match, worst case (\(times.count) FVC pairs)", times.last ?? 0, unit: "ms")
        report.record("on-card match, median", times[times.count / 2], unit: "ms")
        report.record("highest impostor score (\(impostors.count) all-impostor pairs)", impostors.last ?? 0, unit: "score")
        report.record("impostor score exceeded by 1 in 1,000", impostors[Int(Double(impostors.count) * 0.999)], unit: "score")
        report.note("genuine pairs: \(results.genuineScores.count), median score "
                    + "\(BenchReport.format(results.genuineScores.sorted()[results.genuineScores.count / 2])); "
                    + "records unusable as pb-iso templates: \(results.unusableTemplates)")
    }

    private func compare(_ set: String, with comparison: EngineComparison, into results: inout FVCComparisons) throws {
        let folder = SharedData.url("fingerprints/iso-templates/\(set)")
        var templates: [FVCProtocol.Impression: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".iso") {
            let parts = name.dropLast(4).split(separator: "_").compactMap { Int($0) }
            guard parts.count == 2 else { continue }
            let record = try ISO19794Record.decode(try Data(contentsOf: folder.appendingPathComponent(name)))
            guard let template = CompactCardTemplate.prepare(record, for: .pbISO).template else {
                results.unusableTemplates += 1
                continue
            }
            templates[FVCProtocol.Impression(finger: parts[0], impression: parts[1])] = template.bytes
        }
        let fvc = FVCProtocol(impressions: Array(templates.keys))
        let clock = ContinuousClock()
        for (pairs, isGenuine) in [(fvc.allImpostorPairs, false), (fvc.genuinePairs, true)] {
            for pair in pairs {
                guard let probe = templates[fvc.impressions[pair.probe]],
                      let reference = templates[fvc.impressions[pair.candidate]] else { continue }
                let start = clock.now
                let score = comparison.score(probe: probe, reference: reference)
                results.milliseconds.append((clock.now - start) / .milliseconds(1))
                if isGenuine { results.genuineScores.append(score) } else { results.impostorScores.append(score) }
            }
        }
    }
}
