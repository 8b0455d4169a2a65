import Biometry
import Fingerprint
import FingerprintSynthesis
import Foundation
import ImageCodecs
import Imaging

/// One set of fingerprint images compared in the realism check: an FVC set read from disk, or a
/// synthetic set made in memory exactly as `pbtool synth` makes it.
struct RealismSet: Sendable {
    let name: String
    /// Nominal resolution of the images.
    let dpi: Double
    let images: [GrayImage]
    let fvc: FVCProtocol
    /// The generator's own class per image (synthetic sets only), for the classifier's accuracy.
    let trueClasses: [FingerprintClass]?

    /// Every `NNN_I.tif` of an FVC set, read at the set's nominal resolution.
    static func fvc(directory: String, name: String, dpi: Double) throws -> RealismSet {
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(directory)/\(name)")
            .compactMap { file in FVCProtocol.Impression(fileName: file).map { ($0, file) } }
            .sorted { $0.0 < $1.0 }
        let images = try names.map { try ImageFile.read("\(directory)/\(name)/\($0.1)", dpi: dpi) }
        return RealismSet(name: name, dpi: dpi, images: images, fvc: FVCProtocol(impressions: names.map(\.0)),
                          trueClasses: nil)
    }

    /// A synthetic set, fingers made in parallel.
    static func synthetic(_ dataset: SyntheticDataset) throws -> RealismSet {
        let fingers = try ParallelMap.map(Array(1...dataset.fingers)) { finger in
            let master = dataset.master(finger: finger)
            return (master.fingerClass, (1...dataset.impressionsPerFinger).map {
                dataset.impression($0, of: master, finger: finger).image
            })
        }
        let impressions = (1...dataset.fingers).flatMap { finger in
            (1...dataset.impressionsPerFinger).map { FVCProtocol.Impression(finger: 100 + finger, impression: $0) }
        }
        return RealismSet(name: "synthetic", dpi: dataset.parameters.dpi, images: fingers.flatMap(\.1),
                          fvc: FVCProtocol(impressions: impressions),
                          trueClasses: fingers.flatMap { finger in finger.1.map { _ in finger.0 } })
    }
}

/// The matcher scores of one set: every genuine pair and every impostor pair (each image against
/// every image of another finger), host and card, computed on all cores.
struct RealismScores: Sendable {
    var hostGenuine: [Double] = []
    var hostImpostor: [Double] = []
    var cardGenuine: [Double] = []
    var cardImpostor: [Double] = []

    init(features: [FingerprintFeatures], fvc: FVCProtocol) throws {
        let templates = features.map { PreparedTemplate($0) }
        let cards = features.map { $0.compactCardTemplate(for: CardMatcher.evaluationRequirements).template }
        let fingers = fvc.impressions.map(\.finger)
        let rows = try ParallelMap.map(Array(templates.indices)) { image in
            Self.row(image: image, templates: templates, cards: cards, fingers: fingers)
        }
        for row in rows {
            hostGenuine += row.hostGenuine
            hostImpostor += row.hostImpostor
            cardGenuine += row.cardGenuine
            cardImpostor += row.cardImpostor
        }
    }

    private init() {}

    /// Image `image` against the images 1 … n/2 places after it (wrapping round), so every unordered
    /// pair is scored once and every row costs the same; the earlier image of a pair is the probe,
    /// the later one the card's enrolled reference, as in the FVC protocol.
    private static func row(image: Int, templates: [PreparedTemplate], cards: [CompactCardTemplate?],
                            fingers: [Int]) -> RealismScores {
        var row = RealismScores()
        var forward = HostMatcher(probe: templates[image])
        let card = CardMatcher()
        let count = templates.count
        for distance in 1...max(1, count / 2) where distance < count {
            // At exactly half way round both ends of the pair would score it: the first half does.
            if 2 * distance == count && image >= count / 2 { continue }
            let other = (image + distance) % count
            let (probe, reference) = image < other ? (image, other) : (other, image)
            var host: Double
            if probe == image {
                host = forward.score(templates[other])
            } else {
                var backward = HostMatcher(probe: templates[other])
                host = backward.score(templates[image])
            }
            var cardScore = 0.0
            if let probeCard = cards[probe], let referenceCard = cards[reference] {
                cardScore = card.score(reference: referenceCard, probe: probeCard)
            }
            if fingers[probe] == fingers[reference] {
                row.hostGenuine.append(host)
                row.cardGenuine.append(cardScore)
            } else {
                row.hostImpostor.append(host)
                row.cardImpostor.append(cardScore)
            }
        }
        return row
    }
}
