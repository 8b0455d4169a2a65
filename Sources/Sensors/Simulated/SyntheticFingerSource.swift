import FingerprintSynthesis
import Imaging

/// Synthetic fingers for `sim:synthetic:SEED` (FingerprintSynthesis): finger 1 of the data set
/// with that seed, so the same seed is the same finger; swipe k uses impression k.
enum SyntheticFingerSource {
    /// The size of a synthetic finger: 400 × 400 pixels at 500 dpi, as `pbtool synth` makes them.
    static let parameters = SynthesisParameters(width: 400, height: 400, dpi: 500)

    /// `count` impressions of the finger (the master is generated once).
    static func images(seed: UInt64, count: Int) -> [GrayImage] {
        let dataset = SyntheticDataset(seed: seed, fingers: 1, impressionsPerFinger: count, parameters: parameters)
        let master = dataset.master(finger: 1)
        return (1...max(1, count)).map { dataset.impression($0, of: master, finger: 1).image }
    }
}
