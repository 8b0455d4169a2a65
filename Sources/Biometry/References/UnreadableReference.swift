import BiometricFormats
import SmartCard

/// A stored reference a read path left out, and why: its row failed authentication, or its
/// bytes are not the format it is tagged with. `pbtool db check` names the row.
public struct UnreadableReference: Error, Sendable, Hashable, CustomStringConvertible {
    /// Whose reference (a user id when the user row itself cannot be read).
    public let user: String
    /// Which finger, when known.
    public let finger: Finger?
    /// What is wrong with it.
    public let problem: String

    public init(user: String, finger: Finger?, problem: String) {
        self.user = user
        self.finger = finger
        self.problem = problem
    }

    /// `the reference of alice's right-index cannot be read (…); it was left out`.
    public var description: String {
        let whose = finger.map { "\(user)'s \($0.name)" } ?? "user \(user)"
        return "the reference of \(whose) cannot be read (\(problem)); it was left out — run pbtool db check"
    }
}
