import Fingerprint
import Foundation

extension TemplatesBench {
    /// One pairing's scores: as the matcher gives them (for the EER) and as a decision sees them,
    /// 0 where a record is refused (``ProtocolScores/refusingImplausible(probes:references:fvc:)``).
    struct PairingScores {
        let raw: ProtocolScores
        let decided: ProtocolScores

        init(probes: [EvaluationTemplate], references: [EvaluationTemplate], fvc: FVCProtocol, matcher: Threshold.Matcher) {
            raw = .scored(probes: probes, references: references, fvc: fvc, matcher: matcher)
            decided = raw.refusingImplausible(probes: probes, references: references, fvc: fvc)
        }
    }

    /// One set's scores under one matcher for each pairing of origins (probe first).
    struct OriginScores {
        let set: SetTemplates
        let matcher: Threshold.Matcher
        let own: PairingScores
        let foreign: PairingScores
        /// pbtool probe against the vendor's reference, and the reverse.
        let ownProbe: PairingScores
        let foreignProbe: PairingScores

        init(_ set: SetTemplates, matcher: Threshold.Matcher) {
            (self.set, self.matcher) = (set, matcher)
            own = PairingScores(probes: set.own, references: set.own, fvc: set.fvc, matcher: matcher)
            foreign = PairingScores(probes: set.foreign, references: set.foreign, fvc: set.fvc, matcher: matcher)
            ownProbe = PairingScores(probes: set.own, references: set.foreign, fvc: set.fvc, matcher: matcher)
            foreignProbe = PairingScores(probes: set.foreign, references: set.own, fvc: set.fvc, matcher: matcher)
        }

        /// Templates refused as implausible (``MinutiaDensity``): the vendor's records, pbtool's extractions.
        var refused: (foreign: Int, own: Int) {
            (self.set.foreign.filter { !$0.isPlausible }.count, self.set.own.filter { !$0.isPlausible }.count)
        }

        /// The shipped FMR 1/10,000 threshold for a probe of `probe`'s origin against a reference of `reference`'s.
        func threshold(_ probe: TemplateOrigin, _ reference: TemplateOrigin) -> Double {
            Threshold.forFalseMatchRate(Threshold.defaultFalseMatchRate, matcher: matcher, origins: (probe, reference)).score
        }

        var foreignOrigin: TemplateOrigin { self.set.foreign.first?.origin ?? .unknown }
    }

    /// Issue 19's table for one matcher over every set, recorded figure by figure with its target.
    struct OriginTable {
        let matcher: Threshold.Matcher
        let sets: [OriginScores]

        func record(_ report: BenchReport) {
            report.note("\(matcher.rawValue) matcher, all impostors (every two images of different fingers), EER %:")
            report.note("set              own    foreign (OpenAFIS)   own→foreign  foreign→own  target | FNMR@t own  own→for  for→own  target | FM@t own  foreign  mixed")
            for scores in sets { recordSet(report, scores) }
            recordFalseMatches(report)
        }

        private func recordSet(_ report: BenchReport, _ s: OriginScores) {
            let pbtool = TemplateOrigin.pbtool, other = s.foreignOrigin
            let rows = [(s.own, pbtool, pbtool), (s.foreign, other, other), (s.ownProbe, pbtool, other), (s.foreignProbe, other, pbtool)]
            let eers = rows.map { ($0.0.raw.allImpostorRates?.eer ?? 1) * 100 }
            let fnmrs = rows.map { Self.falseNonMatchRate($0.0.decided.genuine, threshold: s.threshold($0.1, $0.2)) * 100 }
            let falseMatches = rows.map { Self.falseMatches($0.0.decided.allImpostor, threshold: s.threshold($0.1, $0.2)) }
            let eerTarget = min(eers[0], eers[1]) * TemplatesBench.eerFactor
            let fnmrTarget = fnmrs[0] * TemplatesBench.fnmrFactor
            report.note(String(format: "%@  %5.2f  %5.2f (%4.1f)        %6.2f       %6.2f   ≤%5.2f | %8.2f  %7.2f  %7.2f  ≤%5.2f | %5d  %7d  %5d",
                               s.set.name, eers[0], eers[1], s.set.openAFIS, eers[2], eers[3], eerTarget,
                               fnmrs[0], fnmrs[2], fnmrs[3], fnmrTarget, falseMatches[0], falseMatches[1], falseMatches[2] + falseMatches[3]))
            let prefix = "\(s.set.name) \(matcher.rawValue)"
            if matcher == .host {
                let refused = s.refused
                report.record("\(s.set.name) vendor records refused, minutiae denser than fingers allow", Double(refused.foreign),
                              unit: "of \(s.set.foreign.count)")
                report.record("\(s.set.name) pbtool extractions refused, the same", Double(refused.own),
                              unit: "of \(s.set.own.count)")
            }
            report.record("\(prefix) own EER", eers[0], unit: "%")
            report.record("\(prefix) foreign EER (OpenAFIS \(s.set.openAFIS) %)", eers[1], unit: "%", target: .atMost(s.set.openAFIS))
            report.record("\(prefix) mixed EER, pbtool probe", eers[2], unit: "%", target: .atMost(eerTarget))
            report.record("\(prefix) mixed EER, foreign probe", eers[3], unit: "%", target: .atMost(eerTarget))
            report.record("\(prefix) own FNMR at the shipped threshold", fnmrs[0], unit: "%")
            report.record("\(prefix) mixed FNMR at it, pbtool probe", fnmrs[2], unit: "%", target: .atMost(fnmrTarget))
            report.record("\(prefix) mixed FNMR at it, foreign probe", fnmrs[3], unit: "%", target: .atMost(fnmrTarget))
        }

        /// False matches at the shipped threshold per origin, pooled over the sets.
        private func recordFalseMatches(_ report: BenchReport) {
            let pbtool = TemplateOrigin.pbtool
            let origins: [(String, (OriginScores) -> [(PairingScores, TemplateOrigin, TemplateOrigin)])] = [
                ("own", { [($0.own, pbtool, pbtool)] }),
                ("foreign", { [($0.foreign, $0.foreignOrigin, $0.foreignOrigin)] }),
                ("mixed", { [($0.ownProbe, pbtool, $0.foreignOrigin), ($0.foreignProbe, $0.foreignOrigin, pbtool)] }),
            ]
            for (label, pick) in origins {
                var matches = 0, comparisons = 0
                for s in sets {
                    for (scores, probe, reference) in pick(s) {
                        matches += Self.falseMatches(scores.decided.allImpostor, threshold: s.threshold(probe, reference))
                        comparisons += scores.decided.allImpostor.count
                    }
                }
                report.record("\(matcher.rawValue) false matches at FMR 1/10,000, \(label) (\(matches) of \(comparisons))",
                              Double(matches) / Double(max(comparisons, 1)) * 10_000, unit: "/10,000",
                              target: .atMost(TemplatesBench.falseMatchLimit * 10_000))
            }
        }

        static func falseNonMatchRate(_ genuine: [Double], threshold: Double) -> Double {
            Double(genuine.filter { $0 < threshold }.count) / Double(max(genuine.count, 1))
        }

        static func falseMatches(_ impostor: [Double], threshold: Double) -> Int {
            impostor.filter { $0 >= threshold }.count
        }
    }
}
