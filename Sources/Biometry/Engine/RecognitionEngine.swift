import Fingerprint
import Imaging
import TemplateStore

/// The recognition engine as the flows use it: extraction, the templates the store and the card
/// keep, and the host matcher with its threshold.
///
/// A value: copy it to every thread that needs it (the matcher's buffers are per copy).
public struct RecognitionEngine: Sendable {
    /// Image → minutiae, foreground, quality.
    public let extractor: FeatureExtractor
    /// The host matcher's tuning.
    public let matching: Fingerprint.MatchingParameters
    /// The decision threshold for host comparisons.
    public let threshold: Threshold

    /// An engine with the given extractor, matcher tuning and threshold.
    public init(extractor: FeatureExtractor = FeatureExtractor(),
                matching: Fingerprint.MatchingParameters = Fingerprint.MatchingParameters(),
                threshold: Threshold) {
        self.extractor = extractor
        self.matching = matching
        self.threshold = threshold
    }

    /// The features of a stitched, upright image.
    public func extract(_ image: GrayImage) -> FingerprintFeatures {
        extractor.extract(image)
    }

    /// Features made ready for the host matcher.
    public func prepare(_ features: FingerprintFeatures) -> PreparedTemplate {
        PreparedTemplate(features, parameters: matching)
    }

    /// A matcher for `probe`, to compare against any number of references.
    public func matcher(for probe: PreparedTemplate) -> HostMatcher {
        HostMatcher(probe: probe, parameters: matching)
    }

    /// The similarity of two prepared templates (see ``Threshold/score`` for the units).
    public func score(_ probe: PreparedTemplate, _ reference: PreparedTemplate) -> Double {
        var matcher = matcher(for: probe)
        return matcher.score(reference)
    }
}
