import Fingerprint
import SmartCard

/// Compares probes on the host with the references in the template store.
public final class HostVerifier: Verifier {
    /// Where the references come from.
    public let references: HostReferences
    private var prepared: (user: String, references: [Finger: PreparedTemplate])?

    /// A verifier over `references`, deciding with their engine's threshold.
    public init(references: HostReferences) {
        self.references = references
    }

    public var place: ReferencePlace { .host }

    /// Decrypts and prepares the user's references once; later verifications reuse them.
    public func prepare(for fingers: [Finger], of user: String) throws {
        guard prepared?.user != user else { return }
        prepared = (user, try references.readableReferences(of: user) ?? [:])
    }

    public func verify(_ probe: FingerprintFeatures, against fingers: [Finger], of user: String) throws -> VerifierAnswer {
        let engine = references.engine
        try prepare(for: fingers, of: user)
        let stored = prepared?.references ?? [:]
        var matcher = engine.matcher(for: engine.prepare(probe))
        let leftOut = references.unreadable.filter { $0.user == user }
        var reports: [MatchReport] = []
        for finger in fingers where !leftOut.contains(where: { $0.finger == finger }) {
            guard let reference = stored[finger] else {
                throw BiometryError.fingerNotEnrolled(finger, user: user, place: references.name)
            }
            reports.append(MatchReport(finger: finger, user: user, place: .host, score: matcher.score(reference),
                                       threshold: engine.threshold))
        }
        if reports.isEmpty, let first = leftOut.first { throw first }
        let best = reports.max { ($0.score ?? 0) < ($1.score ?? 0) }
        if let best, engine.threshold.accepts(best.score ?? 0) { return .match(best) }
        return .noMatch(reports)
    }
}
