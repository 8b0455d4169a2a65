import FingerprintSynthesis
import Foundation
import ImageCodecs
import Imaging

/// The realism check: distributions of per-image figures for synthetic impressions beside each
/// FVC set, printed side by side.
extension ImagesBench {
    /// Per-image median ridge period (``RidgePeriodEstimator``), in pixels and normalised to 500 dpi.
    func recordRidgePeriods(_ report: BenchReport, synthesis: SynthesisParameters) throws {
        let estimator = RidgePeriodEstimator()
        let synthetic = syntheticImpressions(synthesis).compactMap { estimator.medianPeriod($0) }
        record(report, label: "ridge period, synthetic (\(synthesis.dpi) dpi)", values: synthetic, unit: "px")
        guard let directory = ImagesBenchData.fingerprintsDirectory else {
            report.skip("ridge period of the FVC sets: needs ../shared/data (or PBTOOL_SHARED_DATA)")
            return
        }
        for set in ImagesBenchData.sets {
            let periods = try fvcImages(directory: directory, set: set.name).compactMap { estimator.medianPeriod($0) }
            record(report, label: "ridge period, \(set.name) (\(Int(set.dpi)) dpi)", values: periods, unit: "px")
            let normalised = periods.map { $0 * 500 / set.dpi }
            report.note("\(set.name) at 500 dpi: median \(Self.format(Self.quantile(normalised, 0.5))) px")
        }
    }

    /// Per-image minutiae counts of synthetic impressions beside each FVC set, counted by `count`
    /// (the engine's extractor).
    func recordMinutiaeCounts(report: BenchReport, synthesis: SynthesisParameters,
                              count: (GrayImage) throws -> Int) throws {
        let synthetic = try syntheticImpressions(synthesis).map { Double(try count($0)) }
        record(report, label: "minutiae per image, synthetic", values: synthetic, unit: "count")
        guard let directory = ImagesBenchData.fingerprintsDirectory else {
            report.skip("minutiae counts of the FVC sets: needs ../shared/data (or PBTOOL_SHARED_DATA)")
            return
        }
        for set in ImagesBenchData.sets {
            let counts = try fvcImages(directory: directory, set: set.name, dpi: set.dpi).map { Double(try count($0)) }
            record(report, label: "minutiae per image, \(set.name)", values: counts, unit: "count")
        }
    }

    /// The synthetic side of the comparison: a few impressions of each of several mixed-class fingers.
    func syntheticImpressions(_ synthesis: SynthesisParameters) -> [GrayImage] {
        let dataset = SyntheticDataset(seed: 2024, fingers: parameters.realismFingers,
                                       impressionsPerFinger: parameters.realismImpressionsPerFinger,
                                       parameters: synthesis)
        return (1...dataset.fingers).flatMap { finger in
            let master = dataset.master(finger: finger)
            return (1...dataset.impressionsPerFinger).map { dataset.impression($0, of: master, finger: finger).image }
        }
    }

    private func fvcImages(directory: String, set: String, dpi: Double = 500) throws -> [GrayImage] {
        try (101...110).flatMap { finger in
            try (1...8).map { try ImageFile.read("\(directory)/\(set)/\(finger)_\($0).tif", dpi: dpi) }
        }
    }

    /// Median as the figure, quartiles and range as a note: distributions side by side.
    private func record(_ report: BenchReport, label: String, values: [Double], unit: String) {
        guard !values.isEmpty else {
            report.skip("\(label): no image gave a value")
            return
        }
        report.record("\(label), median of \(values.count)", Self.quantile(values, 0.5), unit: unit)
        report.note("  quartiles \(Self.format(Self.quantile(values, 0.25)))–\(Self.format(Self.quantile(values, 0.75))), "
                    + "range \(Self.format(values.min()!))–\(Self.format(values.max()!))")
    }

    static func quantile(_ values: [Double], _ q: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * q + 0.5))]
    }

    static func format(_ value: Double) -> String { String(format: "%.2f", value) }
}
