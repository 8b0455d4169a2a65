import Foundation

/// Compares one probe with any number of candidates: Minutia Cylinder-Code local similarities
/// consolidated by relaxation (LSS-R), combined with a global one-to-one pairing of the
/// minutiae under the alignments the relaxed pairs suggest.
///
/// Scores are about 10–35 for different fingers and from about 40 up to several hundred for
/// the same finger; pick a threshold with ``Threshold``. The matcher keeps reusable buffers, so
/// give each thread its own (it is a value; copies are independent).
public struct HostMatcher: Sendable {
    public let probe: PreparedTemplate
    public let parameters: MatchingParameters
    private let relaxation: Relaxation
    private let pairing: GlobalPairing
    private var scratch = RelaxationScratch()
    private var pairingScratch = PairingScratch()

    public init(probe: PreparedTemplate, parameters: MatchingParameters = MatchingParameters()) {
        self.probe = probe
        self.parameters = parameters
        relaxation = Relaxation(parameters: parameters)
        pairing = GlobalPairing(parameters: parameters)
    }

    /// Similarity of the probe to `candidate` (higher is more alike; see ``MatchDetails/score``).
    public mutating func score(_ candidate: PreparedTemplate) -> Double {
        compare(candidate).score
    }

    /// The score with the evidence behind it.
    public mutating func compare(_ candidate: PreparedTemplate) -> MatchDetails {
        let a = probe.cylinders, b = candidate.cylinders
        guard !a.minutiae.isEmpty, !b.minutiae.isEmpty else {
            return MatchDetails(score: 0, localScore: 0, globalScore: 0, pairedMinutiae: 0)
        }
        LocalSimilarity.candidates(&scratch.candidates, rowEnds: &scratch.rowEnds, a, b, parameters: parameters)
        let local = relaxation.consolidate(probe.points, candidate.points, scratch: &scratch)
        let global = pairing.best(local, probe: probe, candidate: candidate, scratch: &pairingScratch)
        let combined = parameters.localWeight * parameters.localScale * local.score + (1 - parameters.localWeight) * global.score
        return MatchDetails(score: 100 * combined, localScore: local.score, globalScore: global.score,
                            pairedMinutiae: global.paired)
    }
}

/// One comparison's score and what it rests on.
public struct MatchDetails: Sendable, Hashable {
    /// The matcher's score: `100 × (w · localScale · localScore + (1 − w) · globalScore)` with the
    /// weights of ``MatchingParameters``.
    public var score: Double
    /// Mean relaxed similarity of the best local pairs (LSS-R), `0...1`.
    public var localScore: Double
    /// Paired minutiae squared over the product of the minutiae each side has in the common area, `0...1`.
    public var globalScore: Double
    /// Minutiae paired one-to-one under the best alignment.
    public var pairedMinutiae: Int
}
