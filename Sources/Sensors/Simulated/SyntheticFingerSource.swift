import Imaging

/// Synthetic fingers for `sim:synthetic:SEED`, from the FingerprintSynthesis module.
enum SyntheticFingerSource {
    static func image(seed: UInt64) throws -> GrayImage {
        throw SensorError.badSource("synthetic fingers are not available in this build yet (FingerprintSynthesis)")
    }
}
