import ArgumentParser
import Fingerprint
import Foundation
import Imaging
import TerminalUI

/// `pbtool bench accuracy --dataset DIR` or `--templates DIR [--probes DIR]`.
struct BenchAccuracyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accuracy",
        abstract: "Error rates of a matcher on a data set of images or templates: FVC protocol and all impostor pairs.",
        discussion: """
            Genuine pairs: every two impressions of a finger. Impostor pairs (FVC): the first \
            impressions of every two fingers. All-impostor: every two images of different fingers. \
            In every pair the earlier impression is the probe, the later the reference. \
            EER follows the FVC definition (midpoint of the interval between the two crossing \
            thresholds); FMR100 and FMR1000 are the lowest FNMR with FMR ≤ 1 % and ≤ 0.1 %; ZeroFMR the FNMR \
            just above the highest impostor score. JSON rates are fractions (0.0361 = 3.61 %).

            --templates scores minutiae templates (ISO 19794-2, ANSI 378 or compact card) instead of \
            images. --probes takes the probe of every pair from another folder of images or templates \
            of the same impressions (mixed pairs: one extractor's probe against another's reference). \
            Images paired with records are first resized to the size and resolution the records state, \
            so both sides see the same image.

            Examples:
              pbtool bench accuracy --dataset ../shared/data/fingerprints/FVC2002_DB1_B
              pbtool bench accuracy --dataset scans/ --dpi 569 --matcher card --json --det det.svg
              pbtool bench accuracy --templates iso-templates/FVC2002_DB1_B --probes FVC2002_DB1_B --matcher card
            """
    )

    @Option(help: "Directory of FINGER_IMPRESSION.ext images.")
    var dataset: String?

    @Option(help: "Directory of FINGER_IMPRESSION.ext minutiae templates (ISO, ANSI, compact), instead of --dataset.")
    var templates: String?

    @Option(help: "Take each pair's probe from this directory of images or templates (default: the same set).")
    var probes: String?

    @Option(help: "host (default) or card.")
    var matcher: TemplateMatchCommand.MatcherChoice = .host

    @Option(parsing: .unconditional, help: "Image resolution in dpi, 100–2000 (default: a known FVC set's, else the files'); compact templates' grid (default 500).",
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
        guard (dataset == nil) != (templates == nil) else {
            throw ValidationError("give exactly one of --dataset (images) and --templates")
        }
    }

    private var referencePath: String { dataset ?? templates ?? "" }

    func run() throws {
        let curveOutputs = try det.map { try DETFiles($0).open() }
        let pairing = try BenchPairing.load(references: referencePath, probes: probes, dpi: dpi,
                                            expectsTemplates: templates != nil)
        let sides = pairing.evaluationTemplates(quiet: json)
        let scores = scorePairs(sides, fvc: pairing.fvc)
        let report = try AccuracyReport(dataset: referencePath, probes: probes, matcher: matcher.rawValue,
                                        dpi: pairing.dpi, images: pairing.fvc.impressions.count,
                                        fingers: Set(pairing.fvc.impressions.map(\.finger)).count, scores: scores)
        if let curveOutputs { try writeCurve(scores, to: curveOutputs) }
        if json { try JSONOutput.print(report) } else { report.lines.forEach { print($0) } }
        if calibration { print(ScoreCalibration.derive(impostorScores: scores.allImpostor).swiftLiteral) }
    }

    private func scorePairs(_ sides: (probes: [EvaluationTemplate], references: [EvaluationTemplate]),
                            fvc: FVCProtocol) -> ProtocolScores {
        let progress = ProgressBar.command("matching", unit: "pairs", quiet: json)
        defer { progress.finish() }
        return ProtocolScores.scored(probes: sides.probes, references: sides.references, fvc: fvc,
                                     matcher: matcher == .host ? .host : .card,
                                     progress: { progress.update(completed: $0, total: $1) })
    }

    private func writeCurve(_ scores: ProtocolScores, to outputs: (svg: CommandOutput, png: CommandOutput)) throws {
        let name = (referencePath as NSString).lastPathComponent
        let curve = DETCurve(title: "\(name), \(matcher.rawValue) matcher", series: [
            .init(label: "FVC protocol", genuine: scores.genuine, impostor: scores.impostor),
            .init(label: "all impostors", genuine: scores.genuine, impostor: scores.allImpostor),
        ])
        try DETFiles.write(curve, to: outputs)
    }
}
