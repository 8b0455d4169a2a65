import ArgumentParser
import Fingerprint
import Foundation

/// `pbtool bench speed --dataset DIR`.
struct BenchSpeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "speed",
        abstract: "Extraction time per image and host 1:N comparisons per second, on one core.",
        discussion: """
            Times are CPU time of the one thread doing the work, so other load on the machine does not \
            inflate them. Extraction: every image of the set once (after one warm-up image). Matching: \
            each image in turn is the prepared probe searched against all prepared templates of the set \
            (1:N), repeated for at least a second.

            Examples:
              pbtool bench speed --dataset ../shared/data/fingerprints/FVC2002_DB1_B
              pbtool bench speed --dataset scans/ --json
            """
    )

    @Option(help: "Directory of FINGER_IMPRESSION.ext images.")
    var dataset: String

    @Option(parsing: .unconditional, help: "Image resolution in dpi, 100–2000 (default: a known FVC set's, else the files').",
            transform: OptionValue.dpi)
    var dpi: Double?

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
        let data = try Dataset.load(dataset, dpi: dpi)
        let report = SpeedReport.measure(data)
        if json {
            try JSONOutput.print(report)
        } else {
            print("\(dataset): \(data.images.count) images")
            print(String(format: "extraction  %.2f ms per image (one core)", report.extractMsPerImage))
            print(String(format: "matching    %.0f comparisons per second (1:N, prepared probe, one core)", report.matchesPerSecond))
        }
    }
}

/// Extraction and matching speed on one data set.
struct SpeedReport: Encodable {
    let dataset: String
    let images: Int
    let extractMsPerImage: Double
    let matchesPerSecond: Double
    let comparisons: Int

    static func measure(_ data: Dataset) -> SpeedReport {
        let extractor = FeatureExtractor()
        _ = extractor.extract(data.images[0])
        let start = ThreadCPU.seconds()
        let features = data.images.map { extractor.extract($0) }
        let extraction = ThreadCPU.seconds() - start
        let gallery = features.map { PreparedTemplate($0) }
        var comparisons = 0, sink = 0.0
        let matchStart = ThreadCPU.seconds()
        repeat {
            for probe in gallery {
                var matcher = HostMatcher(probe: probe)
                for candidate in gallery { sink += matcher.score(candidate) }
                comparisons += gallery.count
            }
        } while ThreadCPU.seconds() - matchStart < 1
        let matching = ThreadCPU.seconds() - matchStart
        precondition(sink.isFinite, "scores must be finite")
        return SpeedReport(dataset: data.directory, images: data.images.count,
                           extractMsPerImage: extraction * 1000 / Double(data.images.count),
                           matchesPerSecond: Double(comparisons) / matching, comparisons: comparisons)
    }
}
