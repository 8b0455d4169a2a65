import Imaging

/// Stacks the lines of a swipe that differ from the last line kept, dropping the repeats a slow
/// finger makes; no resampling (libfprint's VFS301 assembly).
public struct DistinctLineStack: Sendable, Hashable {
    /// A line is kept when its mean absolute difference from the last kept line is strictly
    /// greater than this (VFS301: 15 grey levels). The first line is always kept.
    public var minimumMeanDifference: Int
    /// Fewer kept lines than this make no image.
    public var minimumLines: Int

    public init(minimumMeanDifference: Int, minimumLines: Int) {
        self.minimumMeanDifference = minimumMeanDifference
        self.minimumLines = minimumLines
    }

    /// The indices of the lines kept, in order.
    public func keptIndices(_ lines: [ScanLine]) -> [Int] {
        guard !lines.isEmpty else { return [] }
        var kept = [0]
        for index in lines.indices.dropFirst() {
            let last = lines[kept[kept.count - 1]].pixels, line = lines[index].pixels
            let count = min(last.count, line.count)
            var sum = 0
            for column in 0..<count { sum += abs(Int(last[column]) - Int(line[column])) }
            if count > 0 && sum / count > minimumMeanDifference { kept.append(index) }
        }
        return kept
    }

    /// The stacked image, or nil when fewer than ``minimumLines`` lines are kept.
    public func assemble(_ lines: [ScanLine], dpi: Double = 500) -> GrayImage? {
        let kept = keptIndices(lines)
        guard kept.count >= max(1, minimumLines), let width = lines.first?.pixels.count else { return nil }
        return GrayImage(width: width, height: kept.count, dpi: dpi, pixels: kept.flatMap { lines[$0].pixels })
    }
}
