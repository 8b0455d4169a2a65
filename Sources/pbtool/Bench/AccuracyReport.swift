import Fingerprint
import Foundation

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
    /// The probes' folder when it is not `dataset`.
    let probes: String?
    let matcher: String
    let dpi: Double
    let images: Int
    let fingers: Int
    let fvc: Rates
    let allImpostor: Rates
    let histogram: ScoreHistogram

    init(dataset: String, probes: String?, matcher: String, dpi: Double, images: Int, fingers: Int, scores: ProtocolScores) throws {
        guard let fvcRates = scores.fvcRates, let allRates = scores.allImpostorRates else {
            throw CommandFailure(.usage, "\(dataset): too few images for genuine and impostor pairs")
        }
        (self.dataset, self.probes, self.matcher) = (dataset, probes, matcher)
        (self.dpi, self.images, self.fingers) = (dpi, images, fingers)
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
        let source = probes.map { "\(dataset) (probes from \($0))" } ?? dataset
        return ["\(source): \(images) impressions of \(fingers) fingers at \(Int(dpi.rounded())) dpi, \(matcher) matcher",
                "protocol            EER    FMR100   FMR1000   ZeroFMR   genuine / impostor pairs",
                row("FVC", fvc), row("all impostors", allImpostor)]
    }
}
