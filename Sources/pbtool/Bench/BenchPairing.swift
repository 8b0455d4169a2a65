import Fingerprint
import Foundation
import Imaging
import TerminalUI

/// What `bench accuracy` compares: the references' folder and the probes' (the same one unless
/// `--probes` is given), restricted to the impressions both hold.
struct BenchPairing {
    let references: BenchFolder
    let probes: BenchFolder
    let fvc: FVCProtocol
    /// Whether probes come from the reference folder itself.
    let isSameFolder: Bool

    static func load(references path: String, probes probePath: String?, dpi: Double?,
                     expectsTemplates: Bool) throws -> BenchPairing {
        let references = try BenchFolder.load(path, dpi: dpi)
        if case .images = references.contents, expectsTemplates {
            throw CommandFailure(.usage, "\(path): holds images; use --dataset for images, --templates for templates")
        }
        if case .records = references.contents, !expectsTemplates {
            throw CommandFailure(.usage, "\(path): holds templates, not images; use --templates")
        }
        let probes = try probePath.map { try BenchFolder.load($0, dpi: dpi) } ?? references
        let common = Array(Set(references.impressions).intersection(probes.impressions)).sorted()
        let fingers = Set(common.map(\.finger))
        guard fingers.count >= 2, common.count > fingers.count else {
            let scope = probePath == nil ? path : "\(path) and \(probePath!) together"
            throw CommandFailure(.usage, "\(scope): needs files of at least 2 fingers with 2 impressions each, named "
                                 + "FINGER_IMPRESSION.ext (found \(common.count) file(s) of \(fingers.count) finger(s))")
        }
        return BenchPairing(references: references.restricted(to: common), probes: probes.restricted(to: common),
                            fvc: FVCProtocol(impressions: common), isSameFolder: probePath == nil)
    }

    /// The resolution reported: the references' images', else their records'.
    var dpi: Double {
        switch references.contents {
        case .images(let images): images.first?.dpi ?? 500
        case .records(let records): records.first?.resolution.xDPI ?? 500
        }
    }

    /// Both sides made ready for the matchers; images are extracted (resized first to the
    /// other side's records, when the other side holds records).
    func evaluationTemplates(quiet: Bool) -> (probes: [EvaluationTemplate], references: [EvaluationTemplate]) {
        let referenceTemplates = Self.templates(references, beside: probes, quiet: quiet)
        guard !isSameFolder else { return (referenceTemplates, referenceTemplates) }
        return (Self.templates(probes, beside: references, quiet: quiet), referenceTemplates)
    }

    private static func templates(_ folder: BenchFolder, beside other: BenchFolder, quiet: Bool) -> [EvaluationTemplate] {
        switch folder.contents {
        case .records(let records):
            return records.map { EvaluationTemplate($0) }
        case .images(let images):
            let progress = ProgressBar.command("extracting", unit: "images", total: images.count, quiet: quiet)
            defer { progress.finish() }
            let extractor = FeatureExtractor()
            let frames: [MinutiaeRecord]? = if case .records(let records) = other.contents { records } else { nil }
            return images.enumerated().map { index, image in
                defer { progress.advance() }
                let seen = frames.map { image.resized(as: $0[index]) } ?? image
                return EvaluationTemplate(extractor.extract(seen))
            }
        }
    }
}

extension GrayImage {
    /// This image resized to the size and resolution `record` states (what that record's
    /// extractor saw, when it resized its input).
    func resized(as record: MinutiaeRecord) -> GrayImage {
        guard width != record.imageWidth || height != record.imageHeight else { return self }
        return resized(width: record.imageWidth, height: record.imageHeight, dpi: record.resolution.xDPI)
    }
}
