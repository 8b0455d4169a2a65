#if canImport(Glibc)
import Glibc
#endif
import Imaging

/// Measures ridge spacing on any fingerprint image, real or synthetic, so the two can be compared.
///
/// Per block: the dominant orientation from the gradient structure tensor, then the mean gray
/// profile across the ridges (the "x-signature" of Hong, Wan & Jain 1998) and its period from the
/// first autocorrelation peak. Blocks without clear ridges (low contrast, weak orientation, no peak)
/// are skipped. No FFT is needed at these block sizes.
public struct RidgePeriodEstimator: Sendable {
    /// Block side in pixels (about three ridge periods at 500 dpi).
    public var blockSize: Int = 32
    /// Profile length across the ridges, in pixels.
    public var profileLength: Int = 48
    /// Periods considered, in pixels.
    public var periodRange: ClosedRange<Int> = 4...20
    /// Blocks whose gray standard deviation is below this are background.
    public var minimumContrast: Double = 12
    /// Blocks whose orientation coherence is below this hold no clear ridge flow.
    public var minimumCoherence: Double = 0.5

    /// An estimator with the default block size and thresholds (for about 500 dpi).
    public init() {}

    /// The period of every block with clear ridges, in pixels.
    public func blockPeriods(_ image: GrayImage) -> [Double] {
        var periods = [Double]()
        let half = blockSize / 2
        for top in stride(from: half, to: image.height - blockSize - half, by: blockSize) {
            for left in stride(from: half, to: image.width - blockSize - half, by: blockSize) {
                if let period = blockPeriod(image, left: left, top: top) { periods.append(period) }
            }
        }
        return periods
    }

    /// The median block period, or nil when no block has clear ridges.
    public func medianPeriod(_ image: GrayImage) -> Double? {
        let periods = blockPeriods(image).sorted()
        return periods.isEmpty ? nil : periods[periods.count / 2]
    }

    private func blockPeriod(_ image: GrayImage, left: Int, top: Int) -> Double? {
        guard let angle = ridgeOrientation(image, left: left, top: top) else { return nil }
        let profile = crossProfile(image, centerX: Double(left + blockSize / 2), centerY: Double(top + blockSize / 2),
                                   ridgeAngle: angle)
        return Self.autocorrelationPeriod(profile, range: periodRange)
    }

    /// The ridge direction of a block (radians, y down), or nil when contrast or coherence is weak.
    private func ridgeOrientation(_ image: GrayImage, left: Int, top: Int) -> Double? {
        var gxx = 0.0, gyy = 0.0, gxy = 0.0, sum = 0.0, sumSquares = 0.0
        for y in top..<(top + blockSize) {
            for x in left..<(left + blockSize) {
                let gx = Double(image[x + 1, y]) - Double(image[x - 1, y])
                let gy = Double(image[x, y + 1]) - Double(image[x, y - 1])
                gxx += gx * gx
                gyy += gy * gy
                gxy += gx * gy
                let level = Double(image[x, y])
                sum += level
                sumSquares += level * level
            }
        }
        let count = Double(blockSize * blockSize)
        let deviation = (max(sumSquares / count - pow(sum / count, 2), 0)).squareRoot()
        let coherence = ((gxx - gyy) * (gxx - gyy) + 4 * gxy * gxy).squareRoot() / max(gxx + gyy, 1e-9)
        guard deviation >= minimumContrast, coherence >= minimumCoherence else { return nil }
        // The gradient's dominant direction is across the ridges; the ridges run at right angles to it.
        return 0.5 * atan2(2 * gxy, gxx - gyy) + .pi / 2
    }

    /// Mean gray along lines parallel to the ridges, sampled every pixel across them.
    private func crossProfile(_ image: GrayImage, centerX: Double, centerY: Double, ridgeAngle: Double) -> [Double] {
        let along = (cos(ridgeAngle), sin(ridgeAngle)), across = (-sin(ridgeAngle), cos(ridgeAngle))
        return (0..<profileLength).map { step in
            let offset = Double(step - profileLength / 2)
            var total = 0.0, samples = 0.0
            for t in stride(from: -8.0, through: 8.0, by: 1.0) {
                let x = Int((centerX + offset * across.0 + t * along.0).rounded())
                let y = Int((centerY + offset * across.1 + t * along.1).rounded())
                guard x >= 0, y >= 0, x < image.width, y < image.height else { continue }
                total += Double(image[x, y])
                samples += 1
            }
            return samples > 0 ? total / samples : 0
        }
    }

    /// The lag of the first clear autocorrelation peak within `range`, refined by a parabola; nil
    /// when the profile has no clear periodicity.
    static func autocorrelationPeriod(_ profile: [Double], range: ClosedRange<Int>) -> Double? {
        let mean = profile.reduce(0, +) / Double(profile.count)
        let centred = profile.map { $0 - mean }
        let energy = centred.reduce(0) { $0 + $1 * $1 }
        guard energy > 0 else { return nil }
        func correlation(_ lag: Int) -> Double {
            guard lag < centred.count else { return 0 }
            var sum = 0.0
            for index in 0..<(centred.count - lag) { sum += centred[index] * centred[index + lag] }
            return sum / energy * Double(centred.count) / Double(centred.count - lag)
        }
        let values = ((range.lowerBound - 1)...(range.upperBound + 1)).map(correlation)
        // The first clear peak: later ones are multiples of the period.
        guard let peak = (1..<(values.count - 1)).first(where: { index in
            values[index] > 0.3 && values[index] > values[index - 1] && values[index] >= values[index + 1]
        }) else { return nil }
        let best = (lag: peak, value: values[peak])
        let (a, b, c) = (values[best.lag - 1], values[best.lag], values[best.lag + 1])
        let shift = abs(a - 2 * b + c) > 1e-12 ? 0.5 * (a - c) / (a - 2 * b + c) : 0
        return Double(range.lowerBound - 1 + best.lag) + shift
    }
}
