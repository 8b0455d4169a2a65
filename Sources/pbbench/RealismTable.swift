import Fingerprint
import FingerprintSynthesis
import Foundation

/// The realism comparison as text: one row per set, the synthetic set first.
struct RealismTable {
    let profiles: [RealismProfile]

    func print(to report: BenchReport) {
        report.note("set              images  ridge period (500 dpi)   minutiae        per 1,000 px²     class mix % (A/T/L/R/W/?)")
        for profile in profiles {
            let shares = PatternClassifier.Estimate.allCases.map { Self.decimal(profile.classShare($0) * 100, 0) }
            report.note(Self.padded(profile.name, 16) + Self.padded(String(profile.imageCount), 8, left: true) + "  "
                        + Self.padded(Self.quartiles(profile.ridgePeriods, 2), 23) + "  "
                        + Self.padded(Self.quartiles(profile.minutiaCounts, 0), 14) + "  "
                        + Self.padded(Self.quartiles(profile.minutiaDensities, 2), 16) + "  " + shares.joined(separator: "/"))
        }
        if let agreement = profiles.compactMap(\.classifierAgreement).first {
            report.note("(the classifier gives the generator's own class on \(Self.decimal(agreement * 100, 0)) % of synthetic images)")
        }
        for matcher in Threshold.Matcher.allCases {
            let threshold = Threshold.forFalseMatchRate(Threshold.defaultFalseMatchRate, matcher: matcher)
            report.note("\(matcher) matcher, shipped FMR 1/10,000 threshold \(Self.decimal(threshold.score, 2)):")
            report.note("set              impostors   EER %   FMR at threshold   impostor scores p50 / p99 / p99.9 / max")
            for profile in profiles {
                let impostors = matcher == .host ? profile.scores.hostImpostor : profile.scores.cardImpostor
                let eer = profile.equalErrorRate(matcher).map { Self.decimal($0 * 100, 2) } ?? "–"
                let quantiles = [0.5, 0.99, 0.999, 1].map { Self.decimal(RealismProfile.quantile(impostors, $0), 1) }
                report.note(Self.padded(profile.name, 16) + Self.padded(String(impostors.count), 10, left: true)
                            + Self.padded(eer, 8, left: true)
                            + Self.padded(String(format: "%.2g", profile.falseMatchRate(matcher)), 19, left: true)
                            + "   " + quantiles.joined(separator: " / "))
            }
        }
    }

    /// `median (lower quartile–upper quartile)`.
    static func quartiles(_ values: [Double], _ digits: Int) -> String {
        guard !values.isEmpty else { return "–" }
        let q = [0.5, 0.25, 0.75].map { decimal(RealismProfile.quantile(values, $0), digits) }
        return "\(q[0]) (\(q[1])–\(q[2]))"
    }

    static func decimal(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    static func padded(_ text: String, _ width: Int, left: Bool = false) -> String {
        guard text.count < width else { return text }
        let fill = String(repeating: " ", count: width - text.count)
        return left ? fill + text : text + fill
    }
}
