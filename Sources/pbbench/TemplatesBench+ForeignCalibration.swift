import Fingerprint

extension TemplatesBench {
    /// The safe threshold for templates of unknown origin (``ScoreCalibration/hostForeign`` and
    /// ``ScoreCalibration/cardForeign``), checked as the engine's own calibration is: each set is
    /// scored with a table derived from the other sets' impostor scores of pairs with a foreign
    /// side (foreign and mixed), false matches pooled, with the set's mixed FNMR at that held-out
    /// threshold beside it; the table derived from all sets is printed for pasting into
    /// ScoreCalibration+ForeignTables.swift.
    enum ForeignCalibrationCheck {
        static func record(_ report: BenchReport, matcher: Threshold.Matcher, _ measured: [OriginScores]) {
            guard measured.count > 1 else { return }
            let own = Threshold.forFalseMatchRate(Threshold.defaultFalseMatchRate, matcher: matcher).score
            var falseMatches = 0, impostors = 0
            var thresholds: [String] = []
            for heldOut in measured {
                let others = measured.filter { $0.set.name != heldOut.set.name }.flatMap(foreignImpostors)
                let derived = ScoreCalibration.derive(impostorScores: others).threshold(falseMatchRate: Threshold.defaultFalseMatchRate)
                let threshold = max(own, derived)
                let scores = foreignImpostors(heldOut)
                falseMatches += scores.filter { $0 >= threshold }.count
                impostors += scores.count
                let mixedFNMR = [heldOut.ownProbe, heldOut.foreignProbe].map {
                    String(format: "%.1f", OriginTable.falseNonMatchRate($0.decided.genuine, threshold: threshold) * 100)
                }
                thresholds.append("\(heldOut.set.name) \(BenchReport.format(threshold)) (mixed FNMR \(mixedFNMR.joined(separator: " / ")) %)")
            }
            report.record("\(matcher) held-out false matches of foreign and mixed pairs at FMR 1/10,000 (\(falseMatches) of \(impostors))",
                          Double(falseMatches) / Double(max(impostors, 1)) * 10_000, unit: "/10,000",
                          target: .atMost(TemplatesBench.falseMatchLimit * 10_000))
            report.note("\(matcher) held-out unknown-origin thresholds: " + thresholds.joined(separator: ", ")
                        + "; the own one: \(BenchReport.format(own))")
            let all = ScoreCalibration.derive(impostorScores: measured.flatMap(foreignImpostors))
            report.note("\(matcher) unknown-origin calibration from all \(measured.count) sets: " + all.swiftLiteral)
            if matcher == .card { recordApplet(report, measured, threshold: own) }
        }

        /// The applet on a card enrolled elsewhere: it keeps the card calibration (a compact
        /// template names no maker); it refuses to store a reference, or to compare a probe,
        /// denser than fingers allow (``MinutiaDensity``), so such pairs cannot match.
        private static func recordApplet(_ report: BenchReport, _ measured: [OriginScores], threshold: Double) {
            let bySet = measured.map { scores in
                (scores.set.name, OriginTable.falseMatches(appletScores(scores), threshold: threshold),
                 OriginTable.falseMatches(scores.ownProbe.raw.allImpostor, threshold: threshold))
            }
            let falseMatches = bySet.map(\.1).reduce(0, +)
            let impostors = measured.map { $0.ownProbe.raw.allImpostor.count }.reduce(0, +)
            report.record("card applet at its own threshold, pbtool probe against a vendor's reference it stored (\(falseMatches) of \(impostors))",
                          Double(falseMatches) / Double(max(impostors, 1)) * 10_000, unit: "/10,000",
                          target: .atMost(TemplatesBench.falseMatchLimit * 10_000))
            report.note("  by set: " + bySet.map { "\($0.0) \($0.1) (\($0.2) if it judged nothing)" }.joined(separator: ", "))
        }

        /// The applet's scores of pbtool probes against the vendor's references: 0 where the
        /// reference's card template is one the applet refuses to store, or the probe's one it
        /// refuses to compare.
        private static func appletScores(_ scores: OriginScores) -> [Double] {
            zip(scores.set.fvc.allImpostorPairs, scores.ownProbe.raw.allImpostor).map { pair, score in
                let usable = { (template: EvaluationTemplate) in template.card.map { MinutiaDensity($0).isPlausible } ?? false }
                return usable(scores.set.foreign[pair.candidate]) && usable(scores.set.own[pair.probe]) ? score : 0
            }
        }

        /// All-impostor scores, as decisions see them, of the pairs with at least one foreign template.
        static func foreignImpostors(_ scores: OriginScores) -> [Double] {
            scores.foreign.decided.allImpostor + scores.ownProbe.decided.allImpostor + scores.foreignProbe.decided.allImpostor
        }
    }
}
