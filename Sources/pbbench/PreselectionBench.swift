import Fingerprint

/// How often 1:N pre-selection would drop a finger the full matcher finds: for every genuine pair
/// of an FVC set that the host matcher accepts (at FMR 1/10,000), in both directions, the share
/// of the set's other fingers' impressions that the probe's ``NeighbourhoodSketch`` ranks at
/// least as high as the genuine one. A search that keeps the best share `p` of the gallery loses
/// the genuine when that share reaches `p` (the pre-selection error at penetration rate `p`).
struct PreselectionBench {
    /// Penetration rates reported; the identify search keeps ``HostGallery/penetration`` of a large gallery.
    static let penetrations = [0.01, 0.02, 0.05, 0.10]

    struct Outcome {
        /// Share of impostors ranked at or above the genuine, per accepted genuine attempt.
        var outranked: [Double] = []

        func error(atPenetration rate: Double) -> Double {
            outranked.isEmpty ? 0 : Double(outranked.filter { $0 >= rate }.count) / Double(outranked.count)
        }
    }

    static func measure(_ features: [FingerprintFeatures], fvc: FVCProtocol) -> Outcome {
        let prepared = features.map { PreparedTemplate($0) }
        let probes = prepared.map { NeighbourhoodSketch($0) }
        let gallery = prepared.map { NeighbourhoodSketch($0) }
        let threshold = Threshold.forFalseMatchRate(Threshold.defaultFalseMatchRate, matcher: .host)
        let similarity = probes.map { probe in gallery.map { probe.similarity(to: $0) } }
        var outcome = Outcome()
        for pair in fvc.genuinePairs {
            for (probe, candidate) in [(pair.probe, pair.candidate), (pair.candidate, pair.probe)] {
                var matcher = HostMatcher(probe: prepared[probe])
                guard threshold.accepts(matcher.score(prepared[candidate])) else { continue }
                let finger = fvc.impressions[probe].finger
                let impostors = fvc.impressions.indices.filter { fvc.impressions[$0].finger != finger }
                let above = impostors.filter { similarity[probe][$0] >= similarity[probe][candidate] }.count
                outcome.outranked.append(Double(above) / Double(max(1, impostors.count)))
            }
        }
        return outcome
    }

    static func record(_ report: BenchReport, set: String, _ outcome: Outcome) {
        let errors = penetrations.map { rate in
            "\(BenchReport.format(rate * 100))%: \(BenchReport.format(outcome.error(atPenetration: rate) * 100))%"
        }
        report.note("pre-selection error, \(set) (\(outcome.outranked.count) accepted genuine attempts) at penetration "
                    + errors.joined(separator: ", "))
    }
}
