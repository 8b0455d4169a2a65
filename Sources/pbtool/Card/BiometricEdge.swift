import APDU
import BiometricFormats
import Foundation
import SmartCard

/// The biometric card edge a command works through: the Precise BioManager, or an ISO/IEC 7816-11
/// match-on-card application (the `pb-iso` profile, or another AID given with `--aid`).
enum BiometricEdge {
    case bioManager(BioManager)
    case iso(ISOMatchOnCard)

    /// Selects the edge `choice` names; `auto` takes the BioManager when the card has one.
    static func select(_ choice: EdgeChoice, aid: [UInt8]?, transport: CardTransport) throws -> BiometricEdge {
        if choice != .iso {
            let bioManager = BioManager(transport: transport)
            do {
                try bioManager.select()
                return .bioManager(bioManager)
            } catch CardEdgeError.edgeNotFound {
                // No BioManager: with `auto`, the ISO application is the next choice.
                guard choice == .auto else { throw CardEdgeError.edgeNotFound(.bioManager) }
            }
        }
        let iso = aid.map { ISOMatchOnCard(transport: transport, aid: $0) } ?? ISOMatchOnCard(transport: transport)
        try iso.select()
        return .iso(iso)
    }

    /// `biomanager` or `iso`, for JSON.
    var name: String {
        switch self {
        case .bioManager: CardEdge.bioManager.rawValue
        case .iso: CardEdge.isoMatchOnCard.rawValue
        }
    }

    /// Verifies `minutiae` against `finger` on the card.
    func verify(_ finger: Finger, minutiae: CompactCardTemplate) throws -> VerificationOutcome {
        switch self {
        case .bioManager(let edge): try edge.verify(finger, minutiae: minutiae)
        case .iso(let edge): try edge.verify(finger, minutiae: minutiae)
        }
    }

    /// The enrolled fingers with their states.
    func fingers() throws -> [FingerReport] {
        switch self {
        case .bioManager(let edge):
            return try edge.properties().enrolledFingers.map { FingerReport($0) }
        case .iso(let edge):
            return try edge.biometricInformation().compactMap { template in
                guard let finger = template.finger else { return nil }
                let reference = template.referenceQualifier ?? finger.isoReference
                return FingerReport(finger: finger, reference: reference, status: try edge.status(of: reference),
                                    format: template.header.formatName)
            }
        }
    }
}

/// One enrolled finger as `card fingers` and `card status` show it.
struct FingerReport: Encodable {
    let finger: String
    /// The BioManager container, for BioManager cards.
    let container: Int?
    /// The VERIFY reference (hex), for ISO cards.
    let reference: String?
    let verified: Bool
    let blocked: Bool
    let retriesLeft: Int?
    /// The reference's template format, when the card says.
    let format: String?

    init(_ status: FingerStatus) {
        finger = status.finger.name
        container = Int(status.finger.bioManagerContainer)
        reference = nil
        verified = status.isVerified
        blocked = status.isBlocked
        retriesLeft = status.retriesLeft
        format = nil
    }

    init(finger: Finger, reference: UInt8, status: ReferenceStatus, format: String) {
        self.finger = finger.name
        container = nil
        self.reference = [reference].hexString()
        self.format = format
        switch status {
        case .verified: (verified, blocked, retriesLeft) = (true, false, nil)
        case .blocked: (verified, blocked, retriesLeft) = (false, true, 0)
        case .notVerified(let left): (verified, blocked, retriesLeft) = (false, false, left)
        }
    }

    /// `right-index  5 tries left  verified`.
    var line: String {
        let tries = blocked ? "blocked" : retriesLeft.map { "\($0) \($0 == 1 ? "try" : "tries") left" } ?? "tries unknown"
        return "  \(finger.padding(toLength: 13, withPad: " ", startingAt: 0)) \(tries)" + (verified ? ", verified" : "")
    }
}
