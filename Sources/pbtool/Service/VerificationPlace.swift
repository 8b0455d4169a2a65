import BiometricFormats
import Biometry

/// Where one `VerifyStart` is decided, opened while the call is checked and handed to the flow
/// that verifies there: the card in the reader (connected), or the template store (open). The
/// flow works with what the check opened, so a verification opens the store or connects to the
/// card once.
enum VerificationPlace {
    case card(FlowCard)
    case store(HostReferences)

    /// The fingers `user` has enrolled here.
    func enrolledFingers(of user: String) throws -> [Finger] {
        switch self {
        case .card(let card): try card.references.enrolledFingers(of: user)
        case .store(let references): try references.enrolledFingers(of: user)
        }
    }

    /// Disconnects the card; the store closes when the last reference to it goes.
    func close() {
        if case .card(let card) = self { card.disconnect(leavingPowered: false) }
    }
}

// Like FlowCard: opened by the check, then owned by the one flow that verifies there (or closed
// by the check when it fails), never used by two threads at once.
extension VerificationPlace: @unchecked Sendable {}
