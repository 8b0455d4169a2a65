import Fingerprint
import SmartCard

/// References kept on the card and in the host store at once (`enroll --both`): the card for
/// match on card, the store for identification and the duplicate-finger check.
///
/// Enrolling writes the card first, then the store; when the store fails the card's new
/// reference is deleted again, so a failure leaves both as they were (except that replacing a
/// finger cannot bring the card's previous reference back).
public final class MirroredReferences: ReferenceDatabase {
    /// The card side.
    public let card: CardReferences
    /// The host side.
    public let host: HostReferences

    /// Both databases.
    public init(card: CardReferences, host: HostReferences) {
        self.card = card
        self.host = host
    }

    public var name: String { "\(card.name) and \(host.name)" }

    /// Fingers enrolled in either place.
    public func enrolledFingers(of user: String) throws -> [Finger] {
        Array(Set(try card.enrolledFingers(of: user)).union(try host.enrolledFingers(of: user))).sorted()
    }

    public func enroll(_ features: FingerprintFeatures, finger: Finger, user: String, replacing: Bool) throws {
        let wasOnCard = try card.enrolledFingers(of: user).contains(finger)
        try card.enroll(features, finger: finger, user: user, replacing: replacing)
        do {
            try host.enroll(features, finger: finger, user: user, replacing: replacing)
        } catch {
            // Undo the card's new reference; a replaced one is lost either way.
            if !wasOnCard { try? card.delete(finger, of: user) }
            throw error
        }
    }

    public func delete(_ finger: Finger, of user: String) throws {
        try card.delete(finger, of: user)
        try host.delete(finger, of: user)
    }

    public func readableReferences(of user: String) throws -> [Finger: PreparedTemplate]? {
        try host.readableReferences(of: user)
    }
}
