import ArgumentParser
import Fingerprint
import Foundation
import ImageCodecs

/// `pbtool template extract IMAGE --format F --out FILE`.
struct TemplateExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Find the minutiae of a fingerprint image and write them as a template.",
        discussion: """
            The image may be PNG, TIFF, BMP, PGM, WSQ, JPEG or JPEG 2000. Its resolution is --dpi, else the nominal \
            resolution of an FVC set named in the path (FVC2002_DB2: 569, FVC2004_DB3: 512, others 500), \
            else the file's own value when plausible, else 500 dpi. Minutiae closer together than fingers \
            allow at that resolution (over 0.65 per mm²) are still written, with a warning: template \
            match refuses such a template.

            compact writes the best 60 minutiae in the pb-iso card profile (at least 12, sorted by x, \
            then y); minutiae beyond the format's 25.5 mm are first shifted in (docs/template.md).

            Given a folder, every image in it is extracted into the --out folder, each template named \
            after its image (101_1.tif → 101_1.iso; .ansi, .bin for compact, .pbt for host), with a \
            progress bar on a terminal. An image that fails is reported and the rest are still \
            extracted; the exit status is then that of the first failure.

            Examples:
              pbtool template extract finger.png --format iso --out finger.iso
              pbtool template extract 101_1.tif --format host --out 101_1.pbt --dpi 569 --json
              pbtool template extract finger.png --format compact --out card.bin --dump-steps steps/
              pbtool template extract scans/ --format iso --out templates/
            """
    )

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case iso, ansi, compact, host

        /// The extension of templates written from a folder of images.
        var fileExtension: String {
            switch self {
            case .iso: "iso"
            case .ansi: "ansi"
            case .compact: "bin"
            case .host: "pbt"
            }
        }
    }

    @Argument(help: "The fingerprint image, or a folder of images.")
    var image: String

    @Option(help: "Template format: iso, ansi, compact or host.")
    var format: OutputFormat

    @Option(help: "Where to write the template (for a folder of images: the folder to write them into).")
    var out: String

    @Option(parsing: .unconditional, help: "Image resolution in dpi (100–2000).", transform: OptionValue.dpi)
    var dpi: Double?

    @Option(name: .customLong("dump-steps"), help: "Write every extraction step as a PNG into this directory.")
    var dumpSteps: String?

    @Flag(help: "Print a JSON summary.")
    var json = false

    func run() throws {
        if TemplateFolderExtraction.isFolder(image) {
            guard dumpSteps == nil else { throw CommandFailure(.usage, "--dump-steps takes one image, not a folder") }
            return try TemplateFolderExtraction(folder: image, output: out, command: self).run()
        }
        let output = try CommandOutput(out, force: true, role: "template file")
        let dumper = try dumpSteps.map { try StepDumper(directory: $0) }
        let summary = try extract(image, to: output, named: out, observer: dumper)
        if output.isStandardOutput { return }
        if json { try JSONOutput.print(summary) } else { summary.lines.forEach { print($0) } }
    }

    /// Extracts `path`'s minutiae and writes them as a template to `out`.
    func extract(_ path: String, to out: String) throws -> ExtractionSummary {
        try extract(path, to: try CommandOutput(out, force: true, role: "template file"), named: out)
    }

    private func extract(_ path: String, to output: CommandOutput, named out: String,
                         observer dumper: StepDumper? = nil) throws -> ExtractionSummary {
        let input = try FingerprintInput.load(path, dpi: dpi, extractor: FeatureExtractor(), observer: dumper)
        if let failure = dumper?.failure { throw failure }
        guard input.source == .image, let features = input.features else {
            throw CommandFailure(.usage, "\(path): not an image (it reads as a \(input.source.rawValue) template)")
        }
        let bytes = try encoded(features, from: path)
        try output.deliver(bytes)
        if let implausibility = input.implausibility {
            printError("warning: \(implausibility); template match will refuse this template (is --dpi right?)")
        }
        return ExtractionSummary(input: input, features: features, format: format.rawValue, out: out,
                                 bytes: bytes.count, steps: dumper?.written ?? [])
    }

    private func encoded(_ features: FingerprintFeatures, from image: String) throws -> [UInt8] {
        do {
            switch format {
            case .host:
                return try HostTemplate(features).encoded()
            case .iso, .ansi:
                let record = MinutiaeRecord(imageWidth: features.width, imageHeight: features.height,
                                            resolution: ScanResolution(dpi: features.dpi), quality: features.quality,
                                            minutiae: features.minutiae)
                return try record.encoded(as: format == .iso ? .iso : .ansi)
            case .compact:
                switch features.compactCardTemplate(for: .pbISO) {
                case let .ready(template, _):
                    return template.bytes
                case let .tooFewMinutiae(usable, minimum):
                    throw CommandFailure(.negative, "\(image): only \(usable) minutiae fit a card template, "
                                         + "the card needs at least \(minimum); try another capture")
                case let .unsupportedOrder(order):
                    throw CommandFailure(.software, "card order \(order) is not supported")
                }
            }
        } catch let error as TemplateError {
            throw CommandFailure(.usage, "\(image): \(error)")
        } catch let error as HostTemplateError {
            throw CommandFailure(.usage, "\(image): \(error)")
        }
    }
}

/// What `template extract` reports.
struct ExtractionSummary: Encodable {
    let image: String
    let width: Int
    let height: Int
    let dpi: Double
    let format: String
    let out: String
    let bytes: Int
    let quality: Int
    let minutiae: Int
    let endings: Int
    let bifurcations: Int
    let extractionMilliseconds: Double
    let steps: [String]

    init(input: FingerprintInput, features: FingerprintFeatures, format: String, out: String, bytes: Int, steps: [String]) {
        image = input.path
        width = input.width
        height = input.height
        dpi = input.dpi
        self.format = format
        self.out = out
        self.bytes = bytes
        quality = features.quality
        minutiae = features.minutiae.count
        endings = features.minutiae.filter { $0.kind == .ending }.count
        bifurcations = features.minutiae.filter { $0.kind == .bifurcation }.count
        extractionMilliseconds = ((input.extractionMilliseconds ?? 0) * 10).rounded() / 10
        self.steps = steps
    }

    var lines: [String] {
        var lines = ["\(image): \(width)×\(height) at \(Int(dpi.rounded())) dpi, quality \(quality), "
                     + "\(minutiae) minutiae (\(endings) endings, \(bifurcations) bifurcations) in \(extractionMilliseconds) ms",
                     "wrote \(format) template \(out) (\(bytes) bytes)"]
        if !steps.isEmpty { lines.append("wrote \(steps.count) step images") }
        return lines
    }
}
