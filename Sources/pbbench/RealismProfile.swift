import Biometry
import Fingerprint
import FingerprintSynthesis
import Foundation
import Imaging

/// Everything the realism check compares, measured the same way on every set: ridge period and
/// minutiae count per image, the class each image shows, and the host and card matchers' genuine
/// and impostor scores.
struct RealismProfile: Sendable {
    let name: String
    let imageCount: Int
    let fingerCount: Int
    /// Median ridge period per image, scaled to 500 dpi (``RidgePeriodEstimator``).
    let ridgePeriods: [Double]
    /// Minutiae the engine's extractor finds per image.
    let minutiaCounts: [Double]
    /// Minutiae per 1,000 pixels² of foreground at 500 dpi (about 2.6 mm²), per image: how
    /// crowded they are, which sets how easily two fingers' minutiae pair by chance.
    let minutiaDensities: [Double]
    /// The class ``PatternClassifier`` sees on each image.
    let classes: [PatternClassifier.Estimate]
    let scores: RealismScores
    /// Share of images whose estimated class is the generator's own (synthetic sets only).
    let classifierAgreement: Double?

    init(_ set: RealismSet) throws {
        name = set.name
        imageCount = set.images.count
        fingerCount = Set(set.fvc.impressions.map(\.finger)).count
        let extractor = FeatureExtractor(), estimator = RidgePeriodEstimator(), classifier = PatternClassifier()
        let perImage = try ParallelMap.map(set.images) { image in
            (features: extractor.extract(image), period: estimator.medianPeriod(image).map { $0 * 500 / image.dpi },
             estimate: classifier.classify(image))
        }
        ridgePeriods = perImage.compactMap(\.period)
        minutiaCounts = perImage.map { Double($0.features.minutiae.count) }
        minutiaDensities = perImage.compactMap { Self.density($0.features) }
        let classes = perImage.map(\.estimate)
        self.classes = classes
        scores = try RealismScores(features: perImage.map(\.features), fvc: set.fvc)
        classifierAgreement = set.trueClasses.map { truth in
            let agreeing = zip(truth, classes).filter { $0.0.rawValue == $0.1.rawValue }.count
            return Double(agreeing) / Double(max(1, truth.count))
        }
    }

    /// Minutiae per 1,000 foreground pixels² at 500 dpi; nil without foreground.
    static func density(_ features: FingerprintFeatures) -> Double? {
        let map = features.foreground
        let scale = 500 / map.resolution
        let area = Double(map.flags.filter { $0 }.count * map.blockSize * map.blockSize) * scale * scale
        return area > 0 ? Double(features.minutiae.count) / area * 1_000 : nil
    }

    /// Share of images of each estimated class.
    func classShare(_ estimate: PatternClassifier.Estimate) -> Double {
        Double(classes.filter { $0 == estimate }.count) / Double(max(1, classes.count))
    }

    /// Share of impostor scores at or above the shipped FMR 1/10,000 threshold of `matcher`.
    func falseMatchRate(_ matcher: Threshold.Matcher) -> Double {
        let threshold = Threshold.forFalseMatchRate(Threshold.defaultFalseMatchRate, matcher: matcher)
        let impostors = matcher == .host ? scores.hostImpostor : scores.cardImpostor
        return Double(impostors.filter(threshold.accepts).count) / Double(max(1, impostors.count))
    }

    /// Equal error rate over all impostor pairs, or nil without genuine or impostor pairs.
    func equalErrorRate(_ matcher: Threshold.Matcher) -> Double? {
        let genuine = matcher == .host ? scores.hostGenuine : scores.cardGenuine
        let impostor = matcher == .host ? scores.hostImpostor : scores.cardImpostor
        guard !genuine.isEmpty, !impostor.isEmpty else { return nil }
        return ErrorRates(genuine: genuine, impostor: impostor).eer
    }

    /// Quantile `q` of `values` (nearest rank); 0 for no values.
    static func quantile(_ values: [Double], _ q: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * q + 0.5))]
    }
}
