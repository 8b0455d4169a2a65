import Foundation

/// Compares one probe with any number of candidates: Minutia Cylinder-Code local similarities
/// consolidated by relaxation (LSS-R).
///
/// The score is in `0...1`; pick a threshold with ``Threshold``. The matcher keeps reusable
/// buffers, so give each thread its own (it is a value; copies are independent).
public struct HostMatcher: Sendable {
    public let probe: PreparedTemplate
    public let parameters: MatchingParameters
    private var similarities: [Float] = []

    public init(probe: PreparedTemplate, parameters: MatchingParameters = MatchingParameters()) {
        self.probe = probe
        self.parameters = parameters
    }

    /// Similarity of the probe to `candidate`, `0...1` (higher is more alike).
    public mutating func score(_ candidate: PreparedTemplate) -> Double {
        let a = probe.cylinders, b = candidate.cylinders
        guard !a.minutiae.isEmpty, !b.minutiae.isEmpty else { return 0 }
        LocalSimilarity.fill(&similarities, a, b, parameters: parameters)
        return Relaxation.consolidate(similarities, a, b, parameters: parameters)
    }
}
