import Fingerprint
import SmartCard

/// Compares probes on the card: the probe is built to each finger's limits and order (best
/// quality minutiae first), sent with VERIFY, and the card answers match, no match with tries
/// left, or blocked. With several fingers, each is tried in turn until one matches; every finger
/// that does not match loses a try. A probe denser than fingers allow is refused before the card
/// sees it (``BiometryError/tooDenseForCard(perSquareMillimetre:)``), as pbtool's applets refuse it.
public final class CardVerifier: Verifier {
    /// The selected edge.
    public let edge: CardBiometricEdge
    /// The reader, for the card-removed event.
    public let reader: String

    /// A verifier over `edge` in `reader`.
    public init(edge: CardBiometricEdge, reader: String) {
        self.edge = edge
        self.reader = reader
    }

    public var place: ReferencePlace { .card }

    public func verify(_ probe: FingerprintFeatures, against fingers: [Finger], of user: String) throws -> VerifierAnswer {
        var rejected: [MatchReport] = [], blocked: [MatchReport] = []
        for finger in fingers {
            let outcome = try edge.verify(finger) { try FingerTemplates.compactCard(probe, for: $0) }
            switch outcome {
            case .match:
                return .match(MatchReport(finger: finger, user: nil, place: .card))
            case .noMatch(let left):
                rejected.append(MatchReport(finger: finger, user: nil, place: .card, retriesLeft: left))
            case .blocked:
                blocked.append(MatchReport(finger: finger, user: nil, place: .card, retriesLeft: 0))
            }
        }
        if rejected.isEmpty, let first = blocked.first { return .blocked(first) }
        return .noMatch(rejected)
    }
}
