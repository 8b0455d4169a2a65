/// A reproducible synthetic data set in the FVC layout: fingers 101, 102, … with impressions
/// 1, 2, … each, every finger's master and every impression's conditions derived from one seed.
public struct SyntheticDataset: Sendable {
    /// The seed every finger's and impression's seed derives from.
    public let seed: UInt64
    /// Number of fingers and impressions per finger.
    public let fingers: Int
    public let impressionsPerFinger: Int
    /// Image size, resolution and tuning shared by every image.
    public let parameters: SynthesisParameters
    /// The class of every finger, or nil for the natural mix of classes.
    public let fingerClass: FingerprintClass?

    /// A data set description; nothing is generated until ``master(finger:)`` is called.
    public init(seed: UInt64, fingers: Int, impressionsPerFinger: Int, parameters: SynthesisParameters,
                fingerClass: FingerprintClass? = nil) {
        self.seed = seed
        self.fingers = fingers
        self.impressionsPerFinger = impressionsPerFinger
        self.parameters = parameters
        self.fingerClass = fingerClass
    }

    /// The seed of finger `finger` (1-based).
    public func masterSeed(finger: Int) -> UInt64 {
        var generator = Xoshiro256(seed: seed, path: 10, UInt64(finger))
        return generator.next()
    }

    /// The seed of impression `impression` (1-based) of finger `finger`.
    public func impressionSeed(finger: Int, impression: Int) -> UInt64 {
        var generator = Xoshiro256(seed: seed, path: 11, UInt64(finger), UInt64(impression))
        return generator.next()
    }

    /// The master of finger `finger` (1-based); generating it is the expensive step, so keep it
    /// while making that finger's impressions.
    public func master(finger: Int) -> MasterFingerprint {
        MasterFingerprint.generate(seed: masterSeed(finger: finger), fingerClass: fingerClass, parameters: parameters)
    }

    /// Impression `impression` (1-based) of a master made by ``master(finger:)``.
    public func impression(_ impression: Int, of master: MasterFingerprint, finger: Int) -> Impression {
        master.impression(seed: impressionSeed(finger: finger, impression: impression), parameters: parameters)
    }

    /// The FVC file stem: finger 1, impression 3 → `101_3`.
    public static func fvcName(finger: Int, impression: Int) -> String {
        "\(100 + finger)_\(impression)"
    }
}
