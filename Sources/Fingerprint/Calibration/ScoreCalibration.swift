import Foundation

/// What a matcher score means: the false-match rate of a threshold at that score, measured on
/// impostor comparisons, so callers choose thresholds by the risk they accept.
///
/// Between knots the rate is interpolated linearly in `log10(FMR)`; above the last knot (where
/// measured impostors run out) it falls on the straight line fitted to the upper tail of the
/// measured distribution, the usual exponential-tail assumption. Rates there are extrapolations
/// and say so in ``isExtrapolated(threshold:)``.
public struct ScoreCalibration: Sendable, Hashable, Codable {
    /// A threshold and the share of impostor scores at or above it.
    public struct Knot: Sendable, Hashable, Codable {
        public let score: Double
        public let falseMatchRate: Double

        public init(score: Double, falseMatchRate: Double) {
            self.score = score
            self.falseMatchRate = falseMatchRate
        }
    }

    /// Scores ascending, rates descending.
    public let knots: [Knot]
    /// Change of `log10(FMR)` per score unit above the last knot (negative).
    public let tailSlope: Double
    /// Impostor comparisons the knots were measured on.
    public let impostorCount: Int

    public init(knots: [Knot], tailSlope: Double, impostorCount: Int) {
        precondition(!knots.isEmpty && tailSlope < 0, "a calibration needs knots and a falling tail")
        self.knots = knots
        self.tailSlope = tailSlope
        self.impostorCount = impostorCount
    }

    /// Rates at which knots are placed, as far down as the impostor count resolves.
    static let knotRates: [Double] = [0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 5e-4, 2e-4, 1e-4, 5e-5, 2e-5, 1e-5]

    /// Measures a calibration from impostor scores (higher = more alike).
    ///
    /// A knot at rate `p` needs at least 2 impostor scores above it, so `n` impostors resolve
    /// rates down to about `2 / n`; the tail line is fitted to the knots at 1 % and below.
    public static func derive(impostorScores: [Double]) -> ScoreCalibration {
        let sorted = impostorScores.sorted(by: >)
        let n = Double(sorted.count)
        var knots: [Knot] = []
        for rate in knotRates where rate * n >= 2 {
            let allowed = Int(rate * n)
            // The threshold halfway between the last allowed score and the next one down.
            let score = (sorted[allowed - 1] + sorted[min(allowed, sorted.count - 1)]) / 2
            if let last = knots.last, score <= last.score { continue }
            knots.append(Knot(score: score, falseMatchRate: Double(sorted.filter { $0 >= score }.count) / n))
        }
        let tail = knots.filter { $0.falseMatchRate <= 0.01 }
        return ScoreCalibration(knots: knots, tailSlope: fittedSlope(tail.count >= 2 ? tail : Array(knots.suffix(2))),
                                impostorCount: sorted.count)
    }

    private static func fittedSlope(_ knots: [Knot]) -> Double {
        guard knots.count >= 2 else { return -1 }
        let xs = knots.map(\.score), ys = knots.map { log10($0.falseMatchRate) }
        let mx = xs.reduce(0, +) / Double(xs.count), my = ys.reduce(0, +) / Double(ys.count)
        let sxy = zip(xs, ys).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
        let sxx = xs.reduce(0) { $0 + ($1 - mx) * ($1 - mx) }
        let slope = sxx > 0 ? sxy / sxx : -1
        return slope < 0 ? slope : -1
    }

    /// The false-match rate of accepting scores at or above `threshold`.
    public func falseMatchRate(threshold: Double) -> Double {
        guard let first = knots.first, let last = knots.last else { return 1 }
        if threshold <= first.score { return first.falseMatchRate }
        if threshold >= last.score { return pow(10, log10(last.falseMatchRate) + tailSlope * (threshold - last.score)) }
        let upper = knots.firstIndex { $0.score >= threshold }!
        let a = knots[upper - 1], b = knots[upper]
        let t = (threshold - a.score) / (b.score - a.score)
        return pow(10, log10(a.falseMatchRate) + t * (log10(b.falseMatchRate) - log10(a.falseMatchRate)))
    }

    /// The lowest threshold whose false-match rate is at most `rate` (0 < rate ≤ 1).
    public func threshold(falseMatchRate rate: Double) -> Double {
        guard let first = knots.first, let last = knots.last else { return 0 }
        let target = log10(min(max(rate, .leastNormalMagnitude), 1))
        if target >= log10(first.falseMatchRate) { return first.score }
        if target <= log10(last.falseMatchRate) { return last.score + (target - log10(last.falseMatchRate)) / tailSlope }
        let upper = knots.firstIndex { log10($0.falseMatchRate) <= target }!
        let a = knots[upper - 1], b = knots[upper]
        let fa = log10(a.falseMatchRate), fb = log10(b.falseMatchRate)
        return a.score + (target - fa) / (fb - fa) * (b.score - a.score)
    }

    /// Whether the rate at `threshold` comes from the fitted tail rather than measured impostors.
    public func isExtrapolated(threshold: Double) -> Bool {
        threshold > (knots.last?.score ?? 0)
    }

    /// Swift source for the knots, for pasting a new measurement into a calibration table.
    public var swiftLiteral: String {
        let rows = knots.map { String(format: "        .init(score: %.3f, falseMatchRate: %.6g),", $0.score, $0.falseMatchRate) }
        return "ScoreCalibration(knots: [\n" + rows.joined(separator: "\n")
            + String(format: "\n    ], tailSlope: %.5f, impostorCount: %d)", tailSlope, impostorCount)
    }
}
