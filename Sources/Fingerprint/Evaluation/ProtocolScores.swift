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
        var matchers = templates.map { HostMatcher(probe: $0, parameters: parameters) }
        var counter = PairCounter(fvc: fvc, progress: progress)
        func scores(_ pairs: [FVCProtocol.Pair]) -> [Double] {
            pairs.map { pair in counter.counting { matchers[pair.probe].score(templates[pair.candidate]) } }
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
        let matcher = CardMatcher(parameters: parameters)
        var counter = PairCounter(fvc: fvc, progress: progress)
        func scores(_ pairs: [FVCProtocol.Pair]) -> [Double] {
            pairs.map { pair in
                counter.counting {
                    guard let probe = cards[pair.probe], let reference = cards[pair.candidate] else { return 0 }
                    return matcher.score(reference: reference, probe: probe)
                }
            }
        }
        return ProtocolScores(genuine: scores(fvc.genuinePairs), impostor: scores(fvc.impostorPairs),
                              allImpostor: scores(fvc.allImpostorPairs))
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
