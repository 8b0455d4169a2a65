import Fingerprint
import Foundation
import ImageCodecs
import Imaging

/// Issue 19's figures: pbtool's matchers on another vendor's ISO 19794-2 templates (SecuGen's, in
/// `../shared/data/fingerprints/iso-templates`) and on mixed pairs, one side pbtool's extraction of
/// the same 300×400 resize the vendor saw, the other the vendor's record.
struct TemplatesBench: BenchSuite {
    static let name = "templates"
    static let summary = "another vendor's ISO templates: own, foreign and mixed EER, FNMR and false matches at the shipped thresholds"

    /// The sets with vendor templates and OpenAFIS's published all-impostor EER on them (percent).
    static let sets: [(name: String, openAFIS: Double)] = [
        ("FVC2002_DB1_B", 5.3), ("FVC2002_DB2_B", 7.5), ("FVC2004_DB1_B", 26.4), ("FVC2004_DB3_B", 2.2),
    ]
    /// Mixed EER may exceed the better of own and foreign by this factor; mixed FNMR at the shipped
    /// threshold may exceed own's by `fnmrFactor`; false matches at the FMR 1/10,000 threshold
    /// may reach `falseMatchLimit` per comparison for every origin.
    static let eerFactor = 1.25
    static let fnmrFactor = 2.0
    static let falseMatchLimit = 3e-4

    /// One set's templates from both extractors, indexed like `fvc.impressions`.
    struct SetTemplates {
        let name: String
        let openAFIS: Double
        let fvc: FVCProtocol
        let own: [EvaluationTemplate]
        let foreign: [EvaluationTemplate]
        let records: [MinutiaeRecord]
        /// pbtool's minutiae behind `own`, in pixels of the resized image.
        let ownMinutiae: [[Minutia]]
    }

    init() {}

    func run(_ report: BenchReport) async throws {
        guard let directory = ImagesBenchData.fingerprintsDirectory else {
            report.skip("vendor templates: needs ../shared/data/fingerprints (or PBTOOL_SHARED_DATA)")
            return
        }
        var loaded: [SetTemplates] = []
        for set in Self.sets {
            loaded.append(try Self.load(set.name, openAFIS: set.openAFIS, directory: directory))
        }
        for matcher in Threshold.Matcher.allCases {
            let measured = loaded.map { OriginScores($0, matcher: matcher) }
            OriginTable(matcher: matcher, sets: measured).record(report)
            ForeignCalibrationCheck.record(report, matcher: matcher, measured)
        }
        HullMarginChoice(sets: loaded).record(report)
        PlacementComparison.record(report, loaded)
    }

    /// The vendor's records and pbtool's extractions of each image resized as the vendor resized it.
    static func load(_ name: String, openAFIS: Double, directory: String) throws -> SetTemplates {
        let templateFolder = "\(directory)/iso-templates/\(name)"
        let named = try FileManager.default.contentsOfDirectory(atPath: templateFolder)
            .filter { $0.hasSuffix(".iso") }
            .compactMap { file in FVCProtocol.Impression(fileName: file).map { ($0, file) } }
            .sorted { $0.0 < $1.0 }
        let records = try named.map { try MinutiaeRecord(bytes: Data(contentsOf: URL(fileURLWithPath: "\(templateFolder)/\($0.1)"))) }
        let dpi = FVCSensorResolution.dpi(forPath: name) ?? 500
        let extractor = FeatureExtractor()
        let features = try zip(named, records).map { entry, record in
            let stem = entry.1.dropLast(4)
            let image = try ImageFile.read("\(directory)/\(name)/\(stem).tif", dpi: dpi)
            let seen = image.resized(width: record.imageWidth, height: record.imageHeight, dpi: record.resolution.xDPI)
            return extractor.extract(seen)
        }
        return SetTemplates(name: name, openAFIS: openAFIS, fvc: FVCProtocol(impressions: named.map(\.0)),
                            own: features.map { EvaluationTemplate($0) }, foreign: records.map { EvaluationTemplate($0) },
                            records: records, ownMinutiae: features.map(\.minutiae))
    }
}
