import Fingerprint
import FingerprintSynthesis
import Foundation

/// Issue 20's figures: whether synthetic fingers differ from each other as real ones do. A
/// synthetic set (as `pbtool synth` and the simulated sensor make it) is measured beside every FVC
/// set in ../shared with the same tools: impostor scores of both matchers at the shipped
/// FMR 1/10,000 thresholds (whatever the calibration tables say when it runs), the host
/// matcher's EER, ridge period, minutiae count and class mix; and `pbtool synth`'s speed.
struct RealismBench: BenchSuite {
    static let name = "realism"
    static let summary = "synthetic fingers vs FVC sets: impostor scores at the shipped thresholds, EER, ridge period, "
        + "minutiae, class mix; pbtool synth speed"

    struct Parameters {
        /// The synthetic set compared with the FVC sets (`PBBENCH_REALISM_SEED` chooses another).
        var seed: UInt64 = 2_026
        var fingers = 100
        var impressions = 8
        var size = 400
        /// `pbtool synth` is timed writing this many fingers × impressions (1,000 images).
        var speedFingers = 125
        var speedImpressions = 8
        var speedTargetSeconds = 60.0
        /// The synthetic FMR at the shipped thresholds must lie within this factor of the threshold's rate.
        var falseMatchRateFactor = 3.0
    }

    /// Every FVC set in ../shared/data/fingerprints with its nominal resolution.
    static let fvcSets: [(name: String, dpi: Double)] = ImagesBenchData.sets + [
        ("FVC2000_DB1_B", 500), ("FVC2000_DB2_B", 500), ("FVC2000_DB3_B", 500),
    ]

    var parameters = Parameters()

    /// The seed `PBBENCH_REALISM_SEED` names, nil when it is not set.
    static func environmentSeed() throws -> UInt64? {
        guard let text = ProcessInfo.processInfo.environment["PBBENCH_REALISM_SEED"] else { return nil }
        guard let seed = UInt64(text) else {
            throw RealismSeedError(text: text)
        }
        return seed
    }

    func run(_ report: BenchReport) async throws {
        var parameters = parameters
        parameters.seed = try Self.environmentSeed() ?? parameters.seed
        try recordSynthSpeed(report)
        let synthesis = SynthesisParameters(width: parameters.size, height: parameters.size)
        let dataset = SyntheticDataset(seed: parameters.seed, fingers: parameters.fingers,
                                       impressionsPerFinger: parameters.impressions, parameters: synthesis)
        let started = ContinuousClock.now
        let synthetic = try RealismProfile(RealismSet.synthetic(dataset))
        report.note("synthetic set: \(parameters.fingers) fingers × \(parameters.impressions) impressions, seed "
                    + "\(parameters.seed), \(parameters.size)×\(parameters.size) at 500 dpi, measured in "
                    + String(format: "%.0f s", (ContinuousClock.now - started) / .seconds(1)))
        guard let directory = ImagesBenchData.fingerprintsDirectory else {
            report.skip("FVC side of the realism check: needs ../shared/data (or PBTOOL_SHARED_DATA)")
            RealismTable(profiles: [synthetic]).print(to: report)
            return
        }
        let real = try Self.fvcSets.compactMap { set -> RealismProfile? in
            guard FileManager.default.fileExists(atPath: "\(directory)/\(set.name)") else {
                report.skip("\(set.name): not in \(directory)")
                return nil
            }
            return try RealismProfile(RealismSet.fvc(directory: directory, name: set.name, dpi: set.dpi))
        }
        RealismTable(profiles: [synthetic] + real).print(to: report)
        recordTargets(report, synthetic: synthetic, real: real)
    }

    /// `pbtool synth` (release) writing 1,000 images and their ground truth.
    private func recordSynthSpeed(_ report: BenchReport) throws {
        let pbtool = APDUScriptBench.executable("pbtool").path
        guard FileManager.default.isExecutableFile(atPath: pbtool) else {
            report.skip("pbtool synth speed: no \(pbtool) (make bench builds it)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pbbench-synth-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let images = parameters.speedFingers * parameters.speedImpressions
        let milliseconds = try SpawnedRun.milliseconds(pbtool, [
            "synth", "--fingers", "\(parameters.speedFingers)", "--impressions", "\(parameters.speedImpressions)",
            "--seed", "\(parameters.seed)", "--out", folder.path,
        ])
        report.record("pbtool synth, \(images) images + ground truth (wall time, \(ProcessInfo.processInfo.activeProcessorCount) cores)",
                      milliseconds / 1000, unit: "s", target: .atMost(parameters.speedTargetSeconds))
    }

    private func recordTargets(_ report: BenchReport, synthetic: RealismProfile, real: [RealismProfile]) {
        guard !real.isEmpty else { return }
        let factor = parameters.falseMatchRateFactor
        for matcher in Threshold.Matcher.allCases {
            let threshold = Threshold.forFalseMatchRate(Threshold.defaultFalseMatchRate, matcher: matcher)
            report.record("synthetic \(matcher) FMR at the shipped threshold \(RealismTable.decimal(threshold.score, 2)), per 10,000",
                          synthetic.falseMatchRate(matcher) * 10_000, unit: "1e-4", target: .within((1 / factor)...factor))
        }
        let hostEERs = real.compactMap { $0.equalErrorRate(.host) }.map { $0 * 100 }
        if let eer = synthetic.equalErrorRate(.host), let low = hostEERs.min(), let high = hostEERs.max() {
            report.record("synthetic host EER, all impostors (FVC sets \(RealismTable.decimal(low, 2))–\(RealismTable.decimal(high, 2)) %)",
                          eer * 100, unit: "%", target: .within(low...high))
        }
        recordQuartiles(report, "ridge period at 500 dpi", unit: "px", synthetic: synthetic.ridgePeriods,
                        real: real.map(\.ridgePeriods))
        recordQuartiles(report, "minutiae per image", unit: "count", synthetic: synthetic.minutiaCounts,
                        real: real.map(\.minutiaCounts))
        for estimate in PatternClassifier.Estimate.allCases {
            let shares = real.map { $0.classShare(estimate) * 100 }
            report.record("synthetic images classed \(estimate.rawValue)", synthetic.classShare(estimate) * 100, unit: "%",
                          target: .within(shares.min()!...shares.max()!))
        }
    }

    /// Median and quartiles of a per-image figure, each within the range the FVC sets span.
    private func recordQuartiles(_ report: BenchReport, _ label: String, unit: String, synthetic: [Double],
                                 real: [[Double]]) {
        for (name, q) in [("lower quartile", 0.25), ("median", 0.5), ("upper quartile", 0.75)] {
            let values = real.filter { !$0.isEmpty }.map { RealismProfile.quantile($0, q) }
            guard let low = values.min(), let high = values.max(), !synthetic.isEmpty else { continue }
            report.record("synthetic \(label), \(name)", RealismProfile.quantile(synthetic, q), unit: unit,
                          target: .within(low...high))
        }
    }
}

/// `PBBENCH_REALISM_SEED` is not a number.
struct RealismSeedError: Error, CustomStringConvertible {
    let text: String
    var description: String { "PBBENCH_REALISM_SEED must be a whole number from 0 to 2^64 − 1, not '\(text)'" }
}
