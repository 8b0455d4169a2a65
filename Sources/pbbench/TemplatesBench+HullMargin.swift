import Fingerprint
import Foundation

extension TemplatesBench {
    /// The host matcher's hull margin for foreign records (``MatchingParameters/recordHullMargin``)
    /// chosen leave-one-set-out: for each set, the margin with the lowest mean mixed EER on the other
    /// sets, and that margin's mixed EERs on the set left out beside the target.
    struct HullMarginChoice {
        static let margins: [Double?] = [nil, 16, 32, 48, 64, 96, 128]
        let sets: [SetTemplates]

        func record(_ report: BenchReport) {
            let eers = sets.map { set in Self.margins.map { Self.mixedEERs(set, margin: $0) } }
            let shipped = MatchingParameters().recordHullMargin
            report.note("host hull margin for foreign records, leave-one-set-out (mean mixed EER %, both directions):")
            report.note("margin     " + sets.map { $0.name }.joined(separator: "  "))
            for (index, margin) in Self.margins.enumerated() {
                let row = eers.map { String(format: "%13.2f", ($0[index].0 + $0[index].1) / 2) }.joined(separator: " ")
                report.note(Self.label(margin).padding(toLength: 8, withPad: " ", startingAt: 0) + row)
            }
            for (held, set) in sets.enumerated() {
                let chosen = Self.best(eers.enumerated().filter { $0.offset != held }.map(\.element))
                let (ownProbe, foreignProbe) = eers[held][chosen]
                report.note("\(set.name) held out: margin \(Self.label(Self.margins[chosen])) chosen on the others; "
                            + String(format: "mixed EER %.2f %% (pbtool probe), %.2f %% (foreign probe)", ownProbe, foreignProbe))
            }
            let all = Self.best(eers)
            report.note("chosen on all \(sets.count) sets: \(Self.label(Self.margins[all])); shipped: \(Self.label(shipped))")
        }

        /// The margin index with the lowest mean mixed EER over `eers` (per set, per margin).
        static func best(_ eers: [[(Double, Double)]]) -> Int {
            let means = margins.indices.map { index in eers.map { ($0[index].0 + $0[index].1) / 2 }.reduce(0, +) }
            return means.indices.min { means[$0] < means[$1] } ?? 0
        }

        static func label(_ margin: Double?) -> String {
            margin.map { String(format: "%.0f px", $0) } ?? "none"
        }

        /// Host all-impostor EER (percent) of pbtool probes against foreign references, and the reverse.
        static func mixedEERs(_ set: SetTemplates, margin: Double?) -> (Double, Double) {
            var parameters = MatchingParameters()
            parameters.recordHullMargin = margin
            let foreign = set.records.map { PreparedTemplate(record: $0, parameters: parameters) }
            let own = set.own.map(\.host)
            let ownProbe = ProtocolScores.host(probes: own, references: foreign, fvc: set.fvc, parameters: parameters)
            let foreignProbe = ProtocolScores.host(probes: foreign, references: own, fvc: set.fvc, parameters: parameters)
            return ((ownProbe.allImpostorRates?.eer ?? 1) * 100, (foreignProbe.allImpostorRates?.eer ?? 1) * 100)
        }
    }
}
