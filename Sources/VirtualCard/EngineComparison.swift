import Fingerprint

/// The engine's compact-card matcher as the virtual card runs it: `CardMatcher` scores the probe
/// against the reference (0…100) and the card answers "match" at or above a fixed threshold.
///
/// Both templates are decoded with the engine's compact-card decoder; bytes that do not decode
/// never match. Memory per comparison is bounded by the matcher's fixed 60-minutia storage.
public struct EngineComparison: OnCardComparison {
    /// The score at or above which the card answers "match".
    public let threshold: Double
    private let matcher: CardMatcher

    /// The engine's matcher with its default parameters, deciding at `threshold` (0…100).
    public init(threshold: Double, parameters: CardMatchingParameters = CardMatchingParameters()) {
        self.threshold = threshold
        self.matcher = CardMatcher(parameters: parameters)
    }

    /// The matcher's similarity of `probe` to `reference` (0…100); 0 when either does not decode.
    public func score(probe: [UInt8], reference: [UInt8]) -> Double {
        guard let probe = try? CompactCardTemplate(bytes: probe),
              let reference = try? CompactCardTemplate(bytes: reference) else { return 0 }
        return matcher.score(reference: reference, probe: probe)
    }

    public func isMatch(probe: [UInt8], reference: [UInt8]) -> Bool {
        score(probe: probe, reference: reference) >= threshold
    }

    /// `01 00`: the first version of the engine's card matcher.
    public var version: [UInt8] { [0x01, 0x00] }

    /// `PBCM`: pbtool card matcher.
    public var name: String { "PBCM" }
}
