/// Genuine and impostor score counts in equal-width bins, for inspecting score distributions.
public struct ScoreHistogram: Sendable, Hashable, Codable {
    /// Lower edge of the first bin and width of every bin.
    public let start: Double
    public let binWidth: Double
    /// Counts per bin; the last bin also holds every score above it.
    public let genuine: [Int]
    public let impostor: [Int]

    /// Bins `binCount` wide from the lowest to the highest score of either list.
    public init(genuine: [Double], impostor: [Double], binCount: Int = 20) {
        let all = genuine + impostor
        let low = all.min() ?? 0, high = all.max() ?? 1
        let count = max(binCount, 1)
        let width = high > low ? (high - low) / Double(count) : 1
        start = low
        binWidth = width
        self.genuine = Self.counts(genuine, start: low, width: width, bins: count)
        self.impostor = Self.counts(impostor, start: low, width: width, bins: count)
    }

    private static func counts(_ scores: [Double], start: Double, width: Double, bins: Int) -> [Int] {
        var counts = [Int](repeating: 0, count: bins)
        for score in scores {
            counts[min(max(Int((score - start) / width), 0), bins - 1)] += 1
        }
        return counts
    }
}
