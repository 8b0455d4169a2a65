import Fingerprint

extension EngineBench {
    /// Do the shipped thresholds keep their promise on data they were not derived from? Each
    /// set is scored with a calibration derived from the other sets' all-impostor scores only;
    /// false matches are pooled over the sets and compared with the requested rate. FNMR at the
    /// shipped threshold (derived from all sets) is printed per set: the rejection rate a user
    /// of that sensor would feel.
    enum CalibrationCheck {
        static let rates = [1e-4, 1e-3]

        static func record(_ report: BenchReport, _ measured: [SetScores]) {
            guard measured.count > 1 else { return }
            for matcher in Threshold.Matcher.allCases {
                let pick: (SetScores) -> ProtocolScores = { matcher == .host ? $0.host : $0.card }
                for rate in rates {
                    recordHeldOut(report, matcher: matcher, rate: rate, measured: measured, pick: pick)
                }
                recordShippedRejections(report, matcher: matcher, measured: measured, pick: pick)
            }
        }

        private static func recordHeldOut(_ report: BenchReport, matcher: Threshold.Matcher, rate: Double,
                                          measured: [SetScores], pick: (SetScores) -> ProtocolScores) {
            var falseMatches = 0, impostors = 0
            var rejections: [String] = []
            for heldOut in measured {
                let others = measured.filter { $0.set.name != heldOut.set.name }.flatMap { pick($0).allImpostor }
                let threshold = ScoreCalibration.derive(impostorScores: others).threshold(falseMatchRate: rate)
                let scores = pick(heldOut)
                falseMatches += scores.allImpostor.filter { $0 >= threshold }.count
                impostors += scores.allImpostor.count
                rejections.append(percent(rejected: scores.genuine, below: threshold))
            }
            let requested = rate * Double(impostors)
            report.record("\(matcher) held-out false matches at FMR \(rate) (pooled; \(falseMatches) of \(impostors), requested \(formatted(requested)))",
                          Double(falseMatches) / requested, unit: "× asked", target: .atMost(EngineBench.calibrationSlack))
            report.note("\(matcher) FNMR % at each set's held-out FMR \(rate) threshold: " + rejections.joined(separator: "  "))
        }

        private static func recordShippedRejections(_ report: BenchReport, matcher: Threshold.Matcher, measured: [SetScores],
                                                    pick: (SetScores) -> ProtocolScores) {
            let threshold = Threshold.forFalseMatchRate(Threshold.defaultFalseMatchRate, matcher: matcher)
            for scores in measured {
                let genuine = pick(scores).genuine
                let rejected = Double(genuine.filter { !threshold.accepts($0) }.count) / Double(max(1, genuine.count))
                report.record("\(scores.set.name) \(matcher) FNMR at the shipped FMR 1/10,000 threshold", rejected * 100, unit: "%")
            }
        }

        private static func percent(rejected genuine: [Double], below threshold: Double) -> String {
            formatted(Double(genuine.filter { $0 < threshold }.count) / Double(max(1, genuine.count)) * 100)
        }

        private static func formatted(_ value: Double) -> String {
            BenchReport.format(value)
        }
    }
}
