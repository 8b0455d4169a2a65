import Fingerprint
import FingerprintSynthesis
import Imaging

/// Synthetic fingers shared by the engine tests: generating and extracting are the slow steps,
/// so each image is made and extracted once per test run.
enum SyntheticPrints {
    static let parameters = SynthesisParameters(width: 240, height: 240)
    static let extractor = FeatureExtractor()

    static let whorl = MasterFingerprint.generate(seed: 21, fingerClass: .whorl, parameters: parameters)
    static let loop = MasterFingerprint.generate(seed: 22, fingerClass: .leftLoop, parameters: parameters)

    /// Two impressions of the whorl and one of the loop, with their extracted features.
    static let whorlFirst = SyntheticImpression(whorl.impression(seed: 1, parameters: parameters))
    static let whorlSecond = SyntheticImpression(whorl.impression(seed: 2, parameters: parameters))
    static let loopFirst = SyntheticImpression(loop.impression(seed: 1, parameters: parameters))
}

/// One synthetic image, its ground truth and what the extractor found in it.
struct SyntheticImpression: Sendable {
    let impression: Impression
    let features: FingerprintFeatures

    init(_ impression: Impression) {
        self.impression = impression
        features = SyntheticPrints.extractor.extract(impression.image)
    }

    var image: GrayImage { impression.image }
}
