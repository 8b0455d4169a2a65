import Fingerprint
import VirtualCard

/// The engine's compact-card matcher as the virtual card's on-card comparison, deciding at an
/// explicit score, for tests and benchmarks that need a real match on card before the virtual
/// card wires the matcher with its calibrated threshold (`AppletCatalog.defaultComparison`).
public struct CardMatcherComparison: OnCardComparison {
    /// The score (0–100) at and above which the card answers "match".
    public let threshold: Double
    private let matcher = CardMatcher()

    /// A comparison matching at `threshold`.
    public init(threshold: Double) {
        self.threshold = threshold
    }

    /// The default comparison when the virtual card has one, else the matcher at `threshold`.
    public static func preferred(threshold: Double) -> any OnCardComparison {
        AppletCatalog.defaultComparison ?? CardMatcherComparison(threshold: threshold)
    }

    public func isMatch(probe: [UInt8], reference: [UInt8]) -> Bool {
        // The applets validate both templates before comparing; unreadable bytes never match.
        guard let probe = try? CompactCardTemplate(bytes: probe),
              let reference = try? CompactCardTemplate(bytes: reference) else { return false }
        return matcher.score(reference: reference, probe: probe) >= threshold
    }

    public var version: [UInt8] { [0x01, 0x00] }

    public var name: String { "engine compact-card matcher (test threshold \(Int(threshold)))" }
}
