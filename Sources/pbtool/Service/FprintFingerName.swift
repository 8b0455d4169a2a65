import BiometricFormats

/// fprintd's finger names: `right-thumb`, `right-index-finger` … `left-little-finger`, and
/// `any` where verification takes any enrolled finger.
enum FprintFingerName {
    /// fprintd's name of `finger`.
    static func name(of finger: Finger) -> String {
        finger.name.hasSuffix("thumb") ? finger.name : finger.name + "-finger"
    }

    /// The finger fprintd calls `name`; nil for anything else (pbtool's short names included,
    /// since fprintd's clients never send them).
    static func finger(named name: String) -> Finger? {
        Finger.allCases.first { self.name(of: $0) == name }
    }

    /// The name verification accepts for "any enrolled finger".
    static let any = "any"
}
