/// The scores of one data set under the FVC protocol and its all-impostor variant.
public struct ProtocolScores: Sendable, Hashable, Codable {
    /// Every pair of impressions of the same finger.
    public let genuine: [Double]
    /// First impressions of different fingers (the FVC impostor set).
    public let impostor: [Double]
    /// Every image against every image of another finger.
    public let allImpostor: [Double]

    public init(genuine: [Double], impostor: [Double], allImpostor: [Double]) {
        self.genuine = genuine
        self.impostor = impostor
        self.allImpostor = allImpostor
    }

    /// Error rates of the FVC protocol; nil when a list is empty (one finger, one impression).
    public var fvcRates: ErrorRates? {
        genuine.isEmpty || impostor.isEmpty ? nil : ErrorRates(genuine: genuine, impostor: impostor)
    }

    /// Error rates against all impostor pairs.
    public var allImpostorRates: ErrorRates? {
        genuine.isEmpty || allImpostor.isEmpty ? nil : ErrorRates(genuine: genuine, impostor: allImpostor)
    }

    /// Called after each scored pair with the pairs scored so far and the pairs in all.
    public typealias Progress = (_ scored: Int, _ total: Int) -> Void

    /// Scores every pair of `fvc` with the host matcher; `features[i]` belongs to `fvc.impressions[i]`.
    public static func host(_ features: [FingerprintFeatures], fvc: FVCProtocol,
                            parameters: MatchingParameters = MatchingParameters(),
                            progress: Progress? = nil) -> ProtocolScores {
        precondition(features.count == fvc.impressions.count, "one extraction per impression")
        let templates = features.map { PreparedTemplate($0, parameters: parameters) }
        return host(probes: templates, references: templates, fvc: fvc, parameters: parameters, progress: progress)
    }

    /// Scores every pair of `fvc` with the host matcher, the probe of each pair taken from
    /// `probes` and the candidate from `references` (both indexed like `fvc.impressions`), so two
    /// extractors' templates of the same images can be compared with each other.
    public static func host(probes: [PreparedTemplate], references: [PreparedTemplate], fvc: FVCProtocol,
                            parameters: MatchingParameters = MatchingParameters(),
                            progress: Progress? = nil) -> ProtocolScores {
        precondition(probes.count == fvc.impressions.count && references.count == probes.count, "one template per impression")
        var matchers = probes.map { HostMatcher(probe: $0, parameters: parameters) }
        var counter = PairCounter(fvc: fvc, progress: progress)
        func scores(_ pairs: [FVCProtocol.Pair]) -> [Double] {
            pairs.map { pair in counter.counting { matchers[pair.probe].score(references[pair.candidate]) } }
        }
        return ProtocolScores(genuine: scores(fvc.genuinePairs), impostor: scores(fvc.impostorPairs),
                              allImpostor: scores(fvc.allImpostorPairs))
    }

    /// Scores every pair of `fvc` with the compact-card matcher: the candidate of each pair is the
    /// enrolled reference, the first image the probe. Images whose minutiae do not make a card
    /// template score 0 against everything.
    public static func card(_ features: [FingerprintFeatures], fvc: FVCProtocol,
                            parameters: CardMatchingParameters = CardMatchingParameters(),
                            progress: Progress? = nil) -> ProtocolScores {
        precondition(features.count == fvc.impressions.count, "one extraction per impression")
        let cards = features.map { $0.compactCardTemplate(for: CardMatcher.evaluationRequirements).template }
        return card(probes: cards, references: cards, fvc: fvc, parameters: parameters, progress: progress)
    }

    /// ``card(_:fvc:parameters:progress:)`` with the probe of each pair from `probes` and the
    /// reference from `references`; a nil template scores 0 against everything.
    public static func card(probes: [CompactCardTemplate?], references: [CompactCardTemplate?], fvc: FVCProtocol,
                            parameters: CardMatchingParameters = CardMatchingParameters(),
                            progress: Progress? = nil) -> ProtocolScores {
        precondition(probes.count == fvc.impressions.count && references.count == probes.count, "one template per impression")
        let matcher = CardMatcher(parameters: parameters)
        var counter = PairCounter(fvc: fvc, progress: progress)
        func scores(_ pairs: [FVCProtocol.Pair]) -> [Double] {
            pairs.map { pair in
                counter.counting {
                    guard let probe = probes[pair.probe], let reference = references[pair.candidate] else { return 0 }
                    return matcher.score(reference: reference, probe: probe)
                }
            }
        }
        return ProtocolScores(genuine: scores(fvc.genuinePairs), impostor: scores(fvc.impostorPairs),
                              allImpostor: scores(fvc.allImpostorPairs))
    }

    /// Scores `probes` against `references` (``EvaluationTemplate``s indexed like `fvc.impressions`)
    /// with the host or the card matcher.
    public static func scored(probes: [EvaluationTemplate], references: [EvaluationTemplate], fvc: FVCProtocol,
                              matcher: Threshold.Matcher, progress: Progress? = nil) -> ProtocolScores {
        switch matcher {
        case .host: host(probes: probes.map(\.host), references: references.map(\.host), fvc: fvc, progress: progress)
        case .card: card(probes: probes.map(\.card), references: references.map(\.card), fvc: fvc, progress: progress)
        }
    }
}

/// Counts scored pairs for a ``ProtocolScores/Progress`` report.
private struct PairCounter {
    let total: Int
    let progress: ProtocolScores.Progress?
    var scored = 0

    init(fvc: FVCProtocol, progress: ProtocolScores.Progress?) {
        total = fvc.genuinePairs.count + fvc.impostorPairs.count + fvc.allImpostorPairs.count
        self.progress = progress
    }

    mutating func counting(_ score: () -> Double) -> Double {
        defer {
            scored += 1
            progress?(scored, total)
        }
        return score()
    }
}

extension CardMatcher {
    /// What evaluations put on the card: the best 60 minutiae, no minimum, no order.
    public static let evaluationRequirements = CardMinutiaeRequirements(minimumCount: 1, maximumCount: capacity,
                                                                        order: .unordered)
}
