import APDU
import BiometricFormats
import SmartCard

/// The card application the flows enroll on and verify with: the Precise BioManager, or an
/// ISO/IEC 7816-11 match-on-card application (`pb-iso` profile).
public enum CardBiometricEdge {
    case bioManager(BioManager)
    case iso(ISOMatchOnCard)

    /// How management (enroll, delete) is authorised on each edge.
    public enum Authorisation: Sendable {
        /// The BioManager admin key (8–16 bytes).
        case adminKey([UInt8])
        /// The ISO application's admin PIN (reference 83).
        case adminPIN(String)
    }

    /// Selects the BioManager when the card has one, else the ISO application.
    /// - Throws: `CardEdgeError.edgeNotFound` when the card has neither.
    public static func select(on transport: CardTransport) throws -> CardBiometricEdge {
        let bioManager = BioManager(transport: transport)
        do {
            try bioManager.select()
            return .bioManager(bioManager)
        } catch CardEdgeError.edgeNotFound {
            // No BioManager: the ISO application is the other edge pbtool knows.
            let iso = ISOMatchOnCard(transport: transport)
            try iso.select()
            return .iso(iso)
        }
    }

    /// The enrolled fingers.
    func enrolledFingers() throws -> [Finger] {
        switch self {
        case .bioManager(let edge): try edge.properties().enrolledFingers.map(\.finger)
        case .iso(let edge): try edge.biometricInformation().compactMap(\.finger)
        }
    }

    /// Reads the requirements `finger`'s reference sets once, has `build` make the probe to
    /// them, and sends it as it is; every call that reaches the comparison costs a try when it
    /// does not match.
    func verify(_ finger: Finger,
                probe build: (CardMinutiaeRequirements) throws -> CompactCardTemplate) throws -> VerificationOutcome {
        switch self {
        case .bioManager(let edge): try edge.verify(finger, probe: build)
        case .iso(let edge): try edge.verify(finger, probe: build)
        }
    }

    /// Authenticates for management with `authorisation`.
    func authorise(_ authorisation: Authorisation) throws {
        switch (self, authorisation) {
        case (.bioManager(let edge), .adminKey(let key)):
            try edge.verifyKey(key, .admin)
        case (.iso(let edge), .adminPIN(let pin)):
            switch try edge.verifyPIN(pin, reference: ISOMatchOnCard.adminPIN) {
            case .match: return
            case .noMatch(let left): throw CardEdgeError.wrongKey(key: "admin PIN", retriesLeft: left)
            case .blocked: throw CardEdgeError.blocked("the admin PIN")
            }
        case (.bioManager, .adminPIN):
            throw CardEdgeError.wrongKey(key: "admin key (a PIN was given for a BioManager card)", retriesLeft: nil)
        case (.iso, .adminKey):
            throw CardEdgeError.wrongKey(key: "admin PIN (a key was given for an ISO card)", retriesLeft: nil)
        }
    }

    /// Stores `minutiae` as `finger`'s reference (after ``authorise(_:)``).
    func enroll(_ finger: Finger, minutiae: CompactCardTemplate) throws {
        switch self {
        case .bioManager(let edge): try edge.enroll(finger, minutiae: minutiae)
        case .iso(let edge): try edge.enroll(finger, minutiae: minutiae)
        }
    }

    /// Removes `finger`'s reference (after ``authorise(_:)``).
    func delete(_ finger: Finger) throws {
        switch self {
        case .bioManager(let edge): try edge.delete(finger)
        case .iso(let edge): try edge.delete(finger)
        }
    }
}
