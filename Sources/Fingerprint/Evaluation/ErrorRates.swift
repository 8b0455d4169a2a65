/// Verification error rates of a matcher, from its genuine and impostor score lists.
///
/// Definitions follow the FVC reports (Maio et al., FVC2002/FVC2004): higher scores mean more
/// alike; `FMR(t)` is the share of impostor scores `≥ t`, `FNMR(t)` the share of genuine scores
/// `< t`. All rates are fractions (0.0361 = 3.61 %).
public struct ErrorRates: Sendable, Hashable, Codable {
    public let genuineCount: Int
    public let impostorCount: Int
    /// Equal error rate: the midpoint of ``eerLow``…``eerHigh``.
    public let eer: Double
    /// The interval the FVC definition brackets the EER with.
    public let eerLow: Double
    public let eerHigh: Double
    /// Lowest FNMR at which FMR ≤ 1 %.
    public let fmr100: Double
    /// Lowest FNMR at which FMR ≤ 0.1 %.
    public let fmr1000: Double
    /// FNMR at the lowest threshold with no false match (just above the highest impostor score).
    public let zeroFMR: Double

    /// Computes every rate; both lists must be non-empty.
    public init(genuine: [Double], impostor: [Double]) {
        precondition(!genuine.isEmpty && !impostor.isEmpty, "error rates need genuine and impostor scores")
        let curve = ErrorCurve(genuine: genuine, impostor: impostor)
        genuineCount = genuine.count
        impostorCount = impostor.count
        (eerLow, eerHigh) = curve.equalErrorInterval()
        eer = (eerLow + eerHigh) / 2
        fmr100 = curve.lowestFalseNonMatchRate(maximumFalseMatchRate: 0.01)
        fmr1000 = curve.lowestFalseNonMatchRate(maximumFalseMatchRate: 0.001)
        zeroFMR = curve.lowestFalseNonMatchRate(maximumFalseMatchRate: 0)
    }
}

/// FMR and FNMR at every threshold where either changes.
///
/// Both rates are step functions that change only just above a score value, so evaluating them
/// at each distinct score, plus one threshold above all scores, covers every distinct operating
/// point; the FVC definitions on integer thresholds give the same numbers on integer scores.
struct ErrorCurve {
    struct Point {
        let threshold: Double
        let falseMatchRate: Double
        let falseNonMatchRate: Double
    }

    let points: [Point]

    init(genuine: [Double], impostor: [Double]) {
        let genuineSorted = genuine.sorted(), impostorSorted = impostor.sorted()
        var thresholds = Array(Set(genuine + impostor)).sorted()
        thresholds.append((thresholds.last ?? 0) + 1)
        var points: [Point] = []
        var below = 0, impostorsBelow = 0
        for threshold in thresholds {
            while below < genuineSorted.count && genuineSorted[below] < threshold { below += 1 }
            while impostorsBelow < impostorSorted.count && impostorSorted[impostorsBelow] < threshold { impostorsBelow += 1 }
            points.append(Point(threshold: threshold,
                                falseMatchRate: Double(impostorSorted.count - impostorsBelow) / Double(impostorSorted.count),
                                falseNonMatchRate: Double(below) / Double(genuineSorted.count)))
        }
        self.points = points
    }

    /// The FVC EER interval: t1 = max{t : FNMR(t) ≤ FMR(t)}, t2 = min{t : FNMR(t) ≥ FMR(t)}; the
    /// interval is `[FNMR(t1), FMR(t1)]` when `FNMR(t1) + FMR(t1) ≤ FNMR(t2) + FMR(t2)`, else
    /// `[FMR(t2), FNMR(t2)]`.
    func equalErrorInterval() -> (Double, Double) {
        guard let first = points.lastIndex(where: { $0.falseNonMatchRate <= $0.falseMatchRate }),
              let second = points.firstIndex(where: { $0.falseNonMatchRate >= $0.falseMatchRate }) else {
            return (0, 0)
        }
        let t1 = points[first], t2 = points[second]
        if t1.falseNonMatchRate + t1.falseMatchRate <= t2.falseNonMatchRate + t2.falseMatchRate {
            return (t1.falseNonMatchRate, t1.falseMatchRate)
        }
        return (t2.falseMatchRate, t2.falseNonMatchRate)
    }

    func lowestFalseNonMatchRate(maximumFalseMatchRate: Double) -> Double {
        points.filter { $0.falseMatchRate <= maximumFalseMatchRate }.map(\.falseNonMatchRate).min() ?? 1
    }
}
