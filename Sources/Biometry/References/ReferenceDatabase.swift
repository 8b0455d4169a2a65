import Fingerprint
import SmartCard

/// Where references are compared: on the host or on a card.
public enum ReferencePlace: String, Sendable, Hashable, Codable {
    case host, card
}

/// Where enrolled references live: the host's template store, a card, or both. The Precise
/// toolkit's biometry-database protocol, for users with fingers.
///
/// Not thread-safe: a flow uses it on its own thread only.
public protocol ReferenceDatabase: AnyObject {
    /// "template store", "card in Virtual PCD 00 00", for messages.
    var name: String { get }
    /// The fingers `user` has references for (a card ignores the user: it is its holder's).
    func enrolledFingers(of user: String) throws -> [Finger]
    /// Stores `features` as the reference of `finger`; with `replacing` false an enrolled finger
    /// is an error (``BiometryError/fingerAlreadyEnrolled(_:user:place:)``). All or nothing.
    func enroll(_ features: FingerprintFeatures, finger: Finger, user: String, replacing: Bool) throws
    /// Removes the reference of `finger`.
    func delete(_ finger: Finger, of user: String) throws
    /// The references the host may compare itself, for the duplicate-finger check; nil when the
    /// database never releases them (a card).
    func readableReferences(of user: String) throws -> [Finger: PreparedTemplate]?
}

/// Decides whether a probe comes from enrolled fingers: on the host, or on a card (the Precise
/// toolkit's verifier protocol).
///
/// Not thread-safe: a flow uses it on its own thread only.
public protocol Verifier: AnyObject {
    /// Where the comparison happens.
    var place: ReferencePlace { get }
    /// Work that needs no probe (loading and preparing references), done before the swipe so
    /// that the decision after it is quick. Optional: `verify` does it itself when it was not.
    func prepare(for fingers: [Finger], of user: String) throws
    /// Compares `probe` with the references of `fingers` (at least one) of `user`.
    func verify(_ probe: FingerprintFeatures, against fingers: [Finger], of user: String) throws -> VerifierAnswer
}

extension Verifier {
    /// Nothing to prepare (a card holds its references).
    public func prepare(for fingers: [Finger], of user: String) throws {}
}

/// What a verifier decided.
public enum VerifierAnswer: Sendable, Hashable {
    /// One finger matched.
    case match(MatchReport)
    /// None matched; one report per finger compared.
    case noMatch([MatchReport])
    /// The finger's retry counter is exhausted (the card said so, or the host locked it out).
    case blocked(MatchReport)
}

/// One comparison of a probe with one finger's reference.
public struct MatchReport: Sendable, Hashable {
    /// The finger compared.
    public var finger: Finger
    /// The user whose finger it is (nil on a card).
    public var user: String?
    /// Where the comparison ran.
    public var place: ReferencePlace
    /// The host matcher's score; nil on a card, which only answers yes or no.
    public var score: Double?
    /// The threshold the host decided with; nil on a card.
    public var threshold: Threshold?
    /// Tries left before the finger is blocked, when known (the card's counter, or the host's
    /// lock-out).
    public var retriesLeft: Int?
    /// From the swipe's last strip to this decision (set by the flow).
    public var decisionTime: Duration?

    /// A report with these parts.
    public init(finger: Finger, user: String?, place: ReferencePlace, score: Double? = nil,
                threshold: Threshold? = nil, retriesLeft: Int? = nil) {
        self.finger = finger
        self.user = user
        self.place = place
        self.score = score
        self.threshold = threshold
        self.retriesLeft = retriesLeft
    }
}
