import Fingerprint
import Foundation
import ImageCodecs
import Imaging

/// Issue 16's figures: accuracy of the host and compact-card matchers on the seven FVC DB_B sets
/// beside NBIS, the shipped thresholds checked on sets they were not derived from, a
/// leave-one-set-out parameter table, extraction time and 1:N matching speed. DET curves go to
/// `.build/bench/`.
struct EngineBench: BenchSuite {
    static let name = "engine"
    static let summary = "fingerprint engine: EER of host and card matchers on seven FVC DB_B sets vs NBIS, held-out calibration, extraction and matching speed"
    static let curveDirectory = ".build/bench"

    /// One set's images, features and scores.
    struct SetScores {
        let set: MeasuredSet
        let images: [GrayImage]
        let fvc: FVCProtocol
        let features: [FingerprintFeatures]
        let host: ProtocolScores
        let card: ProtocolScores
    }

    init() {}

    func run(_ report: BenchReport) async throws {
        guard let directory = ImagesBenchData.fingerprintsDirectory else {
            report.skip("engine accuracy and speed: needs ../shared/data/fingerprints (or PBTOOL_SHARED_DATA)")
            return
        }
        try? FileManager.default.createDirectory(atPath: Self.curveDirectory, withIntermediateDirectories: true)
        var measured: [SetScores] = []
        for set in Self.sets {
            let scores = try Self.score(set, directory: directory, report: report)
            recordAccuracy(report, scores)
            PreselectionBench.record(report, set: set.name, PreselectionBench.measure(scores.features, fvc: scores.fvc))
            measured.append(scores)
        }
        recordSummary(report, measured)
        CalibrationCheck.record(report, measured)
        HeldOutParameters.record(report, measured)
        if let reference = measured.first(where: { $0.set.name == "FVC2002_DB1_B" }) {
            SpeedCheck.record(report, images: reference.images, features: reference.features)
        }
    }

    private static func score(_ set: MeasuredSet, directory: String, report: BenchReport) throws -> SetScores {
        let (images, fvc) = try images(directory: "\(directory)/\(set.name)", dpi: set.dpi)
        let features = images.map { FeatureExtractor().extract($0) }
        return SetScores(set: set, images: images, fvc: fvc, features: features,
                         host: ProtocolScores.host(features, fvc: fvc), card: ProtocolScores.card(features, fvc: fvc))
    }

    private func recordAccuracy(_ report: BenchReport, _ scores: SetScores) {
        let set = scores.set
        guard let hostAll = scores.host.allImpostorRates, let cardAll = scores.card.allImpostorRates else {
            report.skip("\(set.name): too few images")
            return
        }
        report.record("\(set.name) host EER, all impostors (NBIS \(set.nbisAllImpostor) %)", hostAll.eer * 100, unit: "%",
                      target: .atMost(set.hostTarget))
        report.record("\(set.name) host FMR1000, all impostors", hostAll.fmr1000 * 100, unit: "%",
                      target: .atMost(Self.hostFMR1000Target))
        report.record("\(set.name) card EER, all impostors", cardAll.eer * 100, unit: "%", target: .atMost(set.cardTarget))
        if let hostFVC = scores.host.fvcRates, let cardFVC = scores.card.fvcRates {
            let peer = set.nbisFVC.map { " (NBIS \($0) %)" } ?? ""
            report.record("\(set.name) host EER, FVC protocol\(peer)", hostFVC.eer * 100, unit: "%")
            report.record("\(set.name) card EER, FVC protocol", cardFVC.eer * 100, unit: "%")
        }
        recordCardWorstCase(report, scores)
        writeCurve(scores)
    }

    private func recordSummary(_ report: BenchReport, _ measured: [SetScores]) {
        let hostEERs = measured.compactMap { $0.host.allImpostorRates?.eer }
        guard hostEERs.count == measured.count, !measured.isEmpty else { return }
        report.record("mean host EER over the \(measured.count) sets, all impostors",
                      hostEERs.reduce(0, +) / Double(hostEERs.count) * 100, unit: "%", target: .atMost(Self.meanHostTarget))
        report.note("all impostors, %        host EER  host FMR1000  card EER  card FMR1000 |  NBIS EER  ½ NBIS  ¾ NBIS")
        for scores in measured {
            guard let host = scores.host.allImpostorRates, let card = scores.card.allImpostorRates else { continue }
            let nbis = scores.set.nbisAllImpostor
            report.note(String(format: "%@           %8.2f  %12.2f  %8.2f  %12.2f | %9.2f  %6.2f  %6.2f", scores.set.name,
                               host.eer * 100, host.fmr1000 * 100, card.eer * 100, card.fmr1000 * 100, nbis, nbis / 2, nbis * 0.75))
        }
        report.note("DET curves: \(Self.curveDirectory)/<set>.svg")
    }

    /// The slowest single card comparison over the all-impostor pairs (for information).
    private func recordCardWorstCase(_ report: BenchReport, _ scores: SetScores) {
        let cards = scores.features.map { $0.compactCardTemplate(for: CardMatcher.evaluationRequirements).template }
        let matcher = CardMatcher()
        var worst = 0.0
        for pair in scores.fvc.allImpostorPairs {
            guard let probe = cards[pair.probe], let reference = cards[pair.candidate] else { continue }
            let start = ThreadCPU.seconds()
            _ = matcher.score(reference: reference, probe: probe)
            worst = max(worst, ThreadCPU.seconds() - start)
        }
        report.record("\(scores.set.name) card worst-case comparison (CPU)", worst * 1000, unit: "ms")
    }

    private func writeCurve(_ scores: SetScores) {
        let (host, card) = (scores.host, scores.card)
        let curve = DETCurve(title: "\(scores.set.name): DET curves", series: [
            .init(label: "host, FVC protocol", genuine: host.genuine, impostor: host.impostor),
            .init(label: "host, all impostors", genuine: host.genuine, impostor: host.allImpostor),
            .init(label: "card, FVC protocol", genuine: card.genuine, impostor: card.impostor),
            .init(label: "card, all impostors", genuine: card.genuine, impostor: card.allImpostor),
        ])
        try? Data(curve.svg().utf8).write(to: URL(fileURLWithPath: "\(Self.curveDirectory)/\(scores.set.name).svg"))
    }

    static func images(directory: String, dpi: Double) throws -> (list: [GrayImage], fvc: FVCProtocol) {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            .compactMap { name in FVCProtocol.Impression(fileName: name).map { ($0, name) } }
            .sorted { $0.0 < $1.0 }
        let images = try names.map { try ImageFile.read("\(directory)/\($0.1)", dpi: dpi) }
        return (images, FVCProtocol(impressions: names.map(\.0)))
    }
}
