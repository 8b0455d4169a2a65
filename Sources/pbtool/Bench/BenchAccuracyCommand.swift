import ArgumentParser
import Fingerprint
import Foundation
import Imaging
import TerminalUI

/// `pbtool bench accuracy --dataset DIR`.
struct BenchAccuracyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accuracy",
        abstract: "Error rates of a matcher on a data set: FVC protocol and all impostor pairs.",
        discussion: """
            Genuine pairs: every two impressions of a finger. Impostor pairs (FVC): the first \
            impressions of every two fingers. All-impostor: every two images of different fingers. \
            EER follows the FVC definition (midpoint of the interval between the two crossing \
            thresholds); FMR100 and FMR1000 are the lowest FNMR with FMR ≤ 1 % and ≤ 0.1 %; ZeroFMR the FNMR \
            just above the highest impostor score. JSON rates are fractions (0.0361 = 3.61 %).

            Examples:
              pbtool bench accuracy --dataset ../shared/data/fingerprints/FVC2002_DB1_B
              pbtool bench accuracy --dataset scans/ --dpi 569 --matcher card --json --det det.svg
            """
    )

    @Option(help: "Directory of FINGER_IMPRESSION.ext images.")
    var dataset: String

    @Option(help: "host (default) or card.")
    var matcher: TemplateMatchCommand.MatcherChoice = .host

    @Option(parsing: .unconditional, help: "Image resolution in dpi, 100–2000 (default: a known FVC set's, else the files').",
            transform: OptionValue.dpi)
    var dpi: Double?

    @Option(help: "Write the DET curves (FVC and all-impostor) to this SVG file, and as PNG beside it (NAME.png).")
    var det: String?

    @Flag(help: "Also print the score calibration measured from the all-impostor scores (Swift source).")
    var calibration = false

    @Flag(help: "Print the result as JSON.")
    var json = false

    func validate() throws {
        if let det, DETFiles(det).png == det {
            throw ValidationError("--det names the SVG file; the PNG is written beside it (\(det) would be both)")
        }
    }

    func run() throws {
        let curveOutputs = try det.map { try DETFiles($0).open() }
        let data = try Dataset.load(dataset, dpi: dpi)
        let features = extractFeatures(data.images)
        let scores = scorePairs(features, fvc: data.fvc)
        let report = try AccuracyReport(dataset: dataset, matcher: matcher.rawValue, dpi: data.dpi,
                                        images: data.images.count, fingers: data.fingerCount, scores: scores)
        if let curveOutputs { try writeCurve(scores, to: curveOutputs) }
        if json { try JSONOutput.print(report) } else { report.lines.forEach { print($0) } }
        if calibration { print(ScoreCalibration.derive(impostorScores: scores.allImpostor).swiftLiteral) }
    }

    private func extractFeatures(_ images: [GrayImage]) -> [FingerprintFeatures] {
        let progress = ProgressBar.command("extracting", unit: "images", total: images.count, quiet: json)
        defer { progress.finish() }
        let extractor = FeatureExtractor()
        return images.map { image in
            defer { progress.advance() }
            return extractor.extract(image)
        }
    }

    private func scorePairs(_ features: [FingerprintFeatures], fvc: FVCProtocol) -> ProtocolScores {
        let progress = ProgressBar.command("matching", unit: "pairs", quiet: json)
        defer { progress.finish() }
        let report: ProtocolScores.Progress = { progress.update(completed: $0, total: $1) }
        return matcher == .host ? ProtocolScores.host(features, fvc: fvc, progress: report)
                                : ProtocolScores.card(features, fvc: fvc, progress: report)
    }

    private func writeCurve(_ scores: ProtocolScores, to outputs: (svg: CommandOutput, png: CommandOutput)) throws {
        let name = (dataset as NSString).lastPathComponent
        let curve = DETCurve(title: "\(name), \(matcher.rawValue) matcher", series: [
            .init(label: "FVC protocol", genuine: scores.genuine, impostor: scores.impostor),
            .init(label: "all impostors", genuine: scores.genuine, impostor: scores.allImpostor),
        ])
        try DETFiles.write(curve, to: outputs)
    }
}

/// What `bench accuracy` reports.
struct AccuracyReport: Encodable {
    struct Rates: Encodable {
        let eer: Double
        let eerLow: Double
        let eerHigh: Double
        let fmr100: Double
        let fmr1000: Double
        let zeroFMR: Double
        let genuinePairs: Int
        let impostorPairs: Int

        init(_ rates: ErrorRates) {
            (eer, eerLow, eerHigh) = (rates.eer, rates.eerLow, rates.eerHigh)
            (fmr100, fmr1000, zeroFMR) = (rates.fmr100, rates.fmr1000, rates.zeroFMR)
            (genuinePairs, impostorPairs) = (rates.genuineCount, rates.impostorCount)
        }
    }

    let dataset: String
    let matcher: String
    let dpi: Double
    let images: Int
    let fingers: Int
    let fvc: Rates
    let allImpostor: Rates
    let histogram: ScoreHistogram

    init(dataset: String, matcher: String, dpi: Double, images: Int, fingers: Int, scores: ProtocolScores) throws {
        guard let fvcRates = scores.fvcRates, let allRates = scores.allImpostorRates else {
            throw CommandFailure(.usage, "\(dataset): too few images for genuine and impostor pairs")
        }
        (self.dataset, self.matcher, self.dpi, self.images, self.fingers) = (dataset, matcher, dpi, images, fingers)
        fvc = Rates(fvcRates)
        allImpostor = Rates(allRates)
        histogram = ScoreHistogram(genuine: scores.genuine, impostor: scores.allImpostor)
    }

    var lines: [String] {
        func percent(_ value: Double) -> String { String(format: "%6.2f %%", value * 100) }
        func row(_ name: String, _ r: Rates) -> String {
            "\(name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(percent(r.eer))  \(percent(r.fmr100))  "
                + "\(percent(r.fmr1000))  \(percent(r.zeroFMR))   \(r.genuinePairs) / \(r.impostorPairs)"
        }
        return ["\(dataset): \(images) images of \(fingers) fingers at \(Int(dpi.rounded())) dpi, \(matcher) matcher",
                "protocol            EER    FMR100   FMR1000   ZeroFMR   genuine / impostor pairs",
                row("FVC", fvc), row("all impostors", allImpostor)]
    }
}
