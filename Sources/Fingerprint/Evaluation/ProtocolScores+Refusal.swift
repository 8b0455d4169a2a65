extension ProtocolScores {
    /// These scores as a decision sees them: 0 for every pair with a template that
    /// ``EvaluationTemplate/isPlausible`` refuses. `probes` and `references` are the templates
    /// the scores came from, indexed like `fvc.impressions`. Error rates at a threshold come
    /// from these; the EER, a property of the matcher, from the scores themselves.
    public func refusingImplausible(probes: [EvaluationTemplate], references: [EvaluationTemplate],
                                    fvc: FVCProtocol) -> ProtocolScores {
        precondition(probes.count == fvc.impressions.count && references.count == probes.count, "one template per impression")
        func decided(_ scores: [Double], _ pairs: [FVCProtocol.Pair]) -> [Double] {
            zip(scores, pairs).map { score, pair in
                probes[pair.probe].isPlausible && references[pair.candidate].isPlausible ? score : 0
            }
        }
        return ProtocolScores(genuine: decided(genuine, fvc.genuinePairs), impostor: decided(impostor, fvc.impostorPairs),
                              allImpostor: decided(allImpostor, fvc.allImpostorPairs))
    }
}
