import FingerprintSynthesis
import Imaging
import Sensors

/// Synthetic fingers for `sim:synthetic:SEED` (FingerprintSynthesis): finger 1 of the data set
/// with that seed, so the same seed is the same finger; swipe k uses impression k.
enum SyntheticFingerSource {
    /// The size of a synthetic finger: 400 × 400 pixels at 500 dpi, as `pbtool synth` makes them.
    static let parameters = SynthesisParameters(width: 400, height: 400, dpi: 500)

    /// Impressions `numbers` (1-based) of the finger; the master is generated once and only the
    /// impressions asked for are made.
    static func images(seed: UInt64, impressions numbers: ClosedRange<Int>) -> [GrayImage] {
        let first = max(1, numbers.lowerBound), last = max(first, numbers.upperBound)
        let dataset = SyntheticDataset(seed: seed, fingers: 1, impressionsPerFinger: last, parameters: parameters)
        let master = dataset.master(finger: 1)
        return (first...last).map { dataset.impression($0, of: master, finger: 1).image }
    }
}
