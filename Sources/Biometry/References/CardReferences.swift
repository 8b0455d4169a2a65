import Fingerprint
import SmartCard

/// References on a smart card: enrolled as compact-card minutiae, compared on the card, never
/// read back. The card is its holder's, so the user name is not used.
public final class CardReferences: ReferenceDatabase {
    /// The selected edge.
    public let edge: CardBiometricEdge
    /// How enroll and delete are authorised; nil allows only reading and verifying.
    public let authorisation: CardBiometricEdge.Authorisation?
    /// The reader, for messages.
    public let reader: String

    /// References on the card behind `edge` in `reader`.
    public init(edge: CardBiometricEdge, reader: String, authorisation: CardBiometricEdge.Authorisation?) {
        self.edge = edge
        self.reader = reader
        self.authorisation = authorisation
    }

    public var name: String { "card in \(reader)" }

    public func enrolledFingers(of user: String) throws -> [Finger] {
        try edge.enrolledFingers().sorted()
    }

    /// Checks, authorises and enrols in one exchange with the card.
    public func enroll(_ features: FingerprintFeatures, finger: Finger, user: String, replacing: Bool) throws {
        let minutiae = try FingerTemplates.compactCard(features, for: .pbISOReference)
        let authorisation = try requiredAuthorisation()
        try edge.exclusively { edge in
            if !replacing, try edge.enrolledFingers().contains(finger) {
                throw BiometryError.fingerAlreadyEnrolled(finger, user: user, place: name)
            }
            try edge.enroll(finger, minutiae: minutiae, authorisation: authorisation)
        }
    }

    /// Checks, authorises and deletes in one exchange with the card.
    public func delete(_ finger: Finger, of user: String) throws {
        let authorisation = try requiredAuthorisation()
        try edge.exclusively { edge in
            guard try edge.enrolledFingers().contains(finger) else {
                throw BiometryError.fingerNotEnrolled(finger, user: user, place: name)
            }
            try edge.delete(finger, authorisation: authorisation)
        }
    }

    /// A card never releases its references.
    public func readableReferences(of user: String) throws -> [Finger: PreparedTemplate]? {
        nil
    }

    private func requiredAuthorisation() throws -> CardBiometricEdge.Authorisation {
        guard let authorisation else { throw BiometryError.cardManagementNotAuthorised(reader: reader) }
        return authorisation
    }
}
