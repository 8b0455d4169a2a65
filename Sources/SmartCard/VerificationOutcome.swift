/// What a biometric (or PIN) verification on the card came to: all three are answers a user acts
/// on, so they are values, not errors.
public enum VerificationOutcome: Hashable, Sendable {
    /// The card matched (`9000`); the reference is now verified until reset or log-out.
    case match
    /// The card did not match (`63CX`, or `6300` from cards without a counter).
    case noMatch(retriesLeft: Int?)
    /// The retry counter is at zero (`6983`); an administrator must unblock the finger.
    case blocked

    /// `match`, `noMatch`, `blocked`: the name in JSON.
    public var name: String {
        switch self {
        case .match: "match"
        case .noMatch: "noMatch"
        case .blocked: "blocked"
        }
    }
}
