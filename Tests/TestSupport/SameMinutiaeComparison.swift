import VirtualCard

/// A test double at the `OnCardComparison` seam, not a matcher: "match" exactly when the probe
/// holds the same minutiae as the reference, in any order. It lets tests of the card edges
/// (counters, blocking, access rules, persistence) run with known outcomes; the engine's
/// compact-card matcher is what `pbtool card emulate` runs.
public struct SameMinutiaeComparison: OnCardComparison {
    public init() {}

    public func isMatch(probe: [UInt8], reference: [UInt8]) -> Bool {
        minutiae(probe) == minutiae(reference)
    }

    public var version: [UInt8] { [0x00, 0x01] }

    public var name: String { "TEST" }

    private func minutiae(_ bytes: [UInt8]) -> [[UInt8]] {
        stride(from: 0, to: bytes.count, by: 3).map { Array(bytes[$0..<min($0 + 3, bytes.count)]) }
            .sorted { $0.lexicographicallyPrecedes($1) }
    }
}
