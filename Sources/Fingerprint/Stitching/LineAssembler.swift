import Imaging

/// Assembles the kept lines of a line-based swipe into an image of roughly constant vertical
/// resolution (libfprint 1.94.5's vfs5011 driver and line assembly).
///
/// The local swipe speed is estimated by finding, for every other line, the later line that
/// its look-ahead strip matches best (``LookAheadMatch``); the estimates are median-filtered;
/// then the lines are resampled in 16.16 fixed point so the result is identical on every machine.
public struct LineAssembler: Sendable {
    /// Tuning values; the defaults are libfprint's for the VFS5011.
    public struct Parameters: Sendable, Hashable {
        /// How a line's look-ahead strip is compared with later lines.
        public var lookAheadMatch = LookAheadMatch.sumVariance(column: 48)
        /// How many later lines the speed search looks at.
        public var searchOffset = 30
        /// Median filter window over the speed estimates.
        public var medianWindow = 25
        /// Output rows per unit of speed offset (each line advances resolution / offset rows).
        public var resolution = 10
        /// The output is cut at this many rows.
        public var maximumHeight = 2_000
        /// Fewer kept lines than this make no image (the swipe was too short).
        public var minimumLines = 160

        public init() {}
    }

    /// The values in use.
    public let parameters: Parameters

    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
    }

    /// The resampled image, or nil when fewer than ``Parameters/minimumLines`` lines were kept.
    public func assemble(_ lines: [ScanLine], dpi: Double = 500) -> GrayImage? {
        guard lines.count >= parameters.minimumLines, lines.count >= 2 else { return nil }
        let offsets = medianFiltered(speedOffsets(lines))
        return resample(lines, offsets: offsets, dpi: dpi)
    }

    /// For every even i < n − 1: the j in i+1 … i+searchOffset whose line matches line i's
    /// look-ahead best (the lowest ``LookAheadMatch`` deviation); entry i/2 is j − i (first j
    /// wins ties).
    public func speedOffsets(_ lines: [ScanLine]) -> [Int] {
        guard let width = lines.first?.lookAhead.count else { return [] }
        // Without a strip every candidate ties at 0, and the first wins.
        guard width > 0 else { return stride(from: 0, to: lines.count - 1, by: 2).map { _ in 1 } }
        let match = parameters.lookAheadMatch
        let strips = match.strips(of: lines, width: width)
        var offsets: [Int] = []
        offsets.reserveCapacity(lines.count / 2)
        strips.asEarlier.withUnsafeBufferPointer { earlierStrips in
            strips.asLater.withUnsafeBufferPointer { laterStrips in
                let earlierBase = earlierStrips.baseAddress!, laterBase = laterStrips.baseAddress!
                for i in stride(from: 0, to: lines.count - 1, by: 2) {
                    var best = Int.max, bestJ = i + 1
                    for j in (i + 1)...min(i + parameters.searchOffset, lines.count - 1) {
                        let deviation = match.deviation(earlierBase + i * width, laterBase + j * width, width: width)
                        if deviation < best {
                            best = deviation
                            bestJ = j
                        }
                    }
                    offsets.append(bestJ - i)
                }
            }
        }
        return offsets
    }

    /// Median of a window over the first count − 1 entries; the last entry stays as it is.
    ///
    /// Each window takes the original values k − w/2 … k + w/2 clipped to the filtered range,
    /// sorted, and picks index ⌊count/2⌋ (the upper median for an even count) (§4.3).
    public func medianFiltered(_ offsets: [Int]) -> [Int] {
        let filteredCount = offsets.count - 1
        guard filteredCount > 0 else { return offsets }
        let half = parameters.medianWindow / 2
        var result = offsets
        for k in 0..<filteredCount {
            let window = offsets[max(0, k - half)...min(filteredCount - 1, k + half)].sorted()
            result[k] = window[window.count / 2]
        }
        return result
    }

    /// Linear interpolation between consecutive lines, each line advancing ⌊resolution·2¹⁶ / o⌋
    /// in 16.16 fixed point (§4.4).
    public func resample(_ lines: [ScanLine], offsets: [Int], dpi: Double = 500) -> GrayImage {
        let width = lines.first?.pixels.count ?? 0
        var output: [UInt8] = []
        var rows = 0, y = 0
        let step = parameters.resolution << 16
        resampling: for i in 0..<max(0, lines.count - 1) {
            let offset = offsets[i / 2]
            guard offset > 0 else { continue }
            let next = y + step / offset
            while rows << 16 < next {
                if rows >= parameters.maximumHeight { break resampling }
                let position = rows << 16
                output.append(contentsOf: Self.blend(lines[i].pixels, lines[i + 1].pixels, width: width,
                                                     upperWeight: position - y, lowerWeight: next - position))
                rows += 1
            }
            y = next
        }
        return GrayImage(width: width, height: rows, dpi: dpi, pixels: output)
    }

    /// One output row: ⌊(u·upper + l·lower) / (u + l)⌋ per pixel.
    private static func blend(_ lower: [UInt8], _ upper: [UInt8], width: Int, upperWeight: Int, lowerWeight: Int) -> [UInt8] {
        precondition(lower.count >= width && upper.count >= width, "lines of different widths")
        let total = upperWeight + lowerWeight
        // Both weights lie in 0 … resolution·2¹⁶, so the weighted sums fit 32 bits, whose division
        // is the cheaper one; other weights take the 64-bit path.
        guard upperWeight >= 0, lowerWeight >= 0, total <= Int(UInt32.max / 255) else {
            return (0..<width).map { x in
                UInt8(truncatingIfNeeded: (upperWeight * Int(upper[x]) + lowerWeight * Int(lower[x])) / total)
            }
        }
        let u = UInt32(upperWeight), l = UInt32(lowerWeight), t = UInt32(total)
        return [UInt8](unsafeUninitializedCapacity: width) { row, initialised in
            lower.withUnsafeBufferPointer { lowerRow in
                upper.withUnsafeBufferPointer { upperRow in
                    for x in 0..<width {
                        row[x] = UInt8(truncatingIfNeeded: (u &* UInt32(upperRow[x]) &+ l &* UInt32(lowerRow[x])) / t)
                    }
                }
            }
            initialised = width
        }
    }
}
