import FingerprintSynthesis

/// Masters shared by the tests: generating one is the slow step, so each is made once per run.
enum SharedFingers {
    static let parameters = SynthesisParameters(width: 192, height: 192)

    static let whorl = MasterFingerprint.generate(seed: 7, fingerClass: .whorl, parameters: parameters)
    static let leftLoop = MasterFingerprint.generate(seed: 11, fingerClass: .leftLoop, parameters: parameters)
    static let rightLoop = MasterFingerprint.generate(seed: 12, fingerClass: .rightLoop, parameters: parameters)
}
