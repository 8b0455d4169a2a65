import Fingerprint

extension EngineBench {
    /// The leave-one-set-out table: for each set, the engine's tuned parameters are chosen anew
    /// on the other six (lowest mean host all-impostor EER) and the held-out set is scored with
    /// that choice. When a held-out set would have picked another value than the shipped one,
    /// or its EER moves, the shipped value fits the sets rather than the problem.
    enum HeldOutParameters {
        /// A parameter with the values tried; `apply` sets one on the engine's parameters.
        struct Knob: Sendable {
            let name: String
            let values: [Double]
            let shipped: Double
            let needsExtraction: Bool
            let apply: @Sendable (Double, inout ExtractionParameters, inout MatchingParameters) -> Void
        }

        static let knobs = [
            Knob(name: "gradient smoothing σ (px)", values: [0, 0.7, 1, 1.5, 2],
                 shipped: ExtractionParameters().orientation.gradientSigma, needsExtraction: true) { value, extraction, _ in
                extraction.orientation.gradientSigma = value
            },
            Knob(name: "relaxation support pairs", values: [1, 6, 12, 20],
                 shipped: Double(MatchingParameters().minimumSupportPairs), needsExtraction: false) { value, _, matching in
                matching.minimumSupportPairs = Int(value)
            },
        ]

        static func record(_ report: BenchReport, _ measured: [SetScores]) {
            guard measured.count > 2 else { return }
            for knob in knobs {
                let eers = knob.values.map { value in hostEERs(measured, knob: knob, value: value) }
                report.note("leave one set out: \(knob.name), tried \(knob.values.map(BenchReport.format).joined(separator: ", ")); shipped \(BenchReport.format(knob.shipped))")
                report.note("held-out set      chosen on the other sets   held-out EER %   with shipped value %")
                var heldOutTotal = 0.0
                for (index, scores) in measured.enumerated() {
                    let choice = knob.values.indices.min { a, b in
                        meanExcluding(index, eers[a]) < meanExcluding(index, eers[b])
                    }!
                    let shipped = knob.values.firstIndex(of: knob.shipped) ?? choice
                    heldOutTotal += eers[choice][index]
                    report.note(String(format: "%@  %24@   %14.2f   %19.2f", scores.set.name, BenchReport.format(knob.values[choice]),
                                       eers[choice][index] * 100, eers[shipped][index] * 100))
                }
                report.record("mean held-out host EER, \(knob.name) chosen leave-one-set-out",
                              heldOutTotal / Double(measured.count) * 100, unit: "%", target: .atMost(EngineBench.meanHostTarget))
            }
        }

        /// Host all-impostor EER of every set with `knob` at `value` (the rest as shipped).
        private static func hostEERs(_ measured: [SetScores], knob: Knob, value: Double) -> [Double] {
            var extraction = ExtractionParameters(), matching = MatchingParameters()
            knob.apply(value, &extraction, &matching)
            let extractor = FeatureExtractor(parameters: extraction)
            return measured.map { scores in
                let features = knob.needsExtraction ? scores.images.map { extractor.extract($0) } : scores.features
                return ProtocolScores.host(features, fvc: scores.fvc, parameters: matching).allImpostorRates?.eer ?? 1
            }
        }

        private static func meanExcluding(_ index: Int, _ values: [Double]) -> Double {
            let others = values.indices.filter { $0 != index }.map { values[$0] }
            return others.reduce(0, +) / Double(max(1, others.count))
        }
    }
}
