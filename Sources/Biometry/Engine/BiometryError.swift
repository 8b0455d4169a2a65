import BiometricFormats
import Fingerprint
import Foundation
import SmartCard

/// Why a flow could not run or finish. Outcomes a person fixes by swiping again (too fast, no
/// match …) are events and outcomes, never these.
public enum BiometryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The user has no enrolled fingers in this database.
    case noEnrolledFingers(user: String, place: String)
    /// The finger asked for is not enrolled.
    case fingerNotEnrolled(Finger, user: String, place: String)
    /// The finger is enrolled already; enrolling again needs `replace`.
    case fingerAlreadyEnrolled(Finger, user: String, place: String)
    /// The user named does not exist in the store.
    case unknownUser(String)
    /// A card needs more minutiae than the swipe gave.
    case tooFewMinutiaeForCard(usable: Int, minimum: Int)
    /// The swipe's card minutiae lie closer together than fingers allow (``MinutiaDensity``),
    /// per mm²: a card refuses such a reference, and such a probe.
    case tooDenseForCard(perSquareMillimetre: Double)
    /// The card asks for a minutiae order pbtool does not know.
    case unsupportedCardOrder(UInt8)
    /// A stored template could not be read back.
    case unreadableTemplate(finger: Finger, user: String, detail: String)
    /// Enrollment gave up after this many unusable swipes.
    case tooManyUnusableSwipes(Int)
    /// Enrolling or deleting on the card needs the admin key (or the ISO admin PIN).
    case cardManagementNotAuthorised(reader: String)

    public var description: String {
        switch self {
        case .noEnrolledFingers(let user, let place):
            "\(user) has no enrolled fingers in the \(place); enroll one with pbtool enroll"
        case .fingerNotEnrolled(let finger, let user, let place):
            "\(finger.name) is not enrolled for \(user) in the \(place)"
        case .fingerAlreadyEnrolled(let finger, let user, let place):
            "\(finger.name) is already enrolled for \(user) in the \(place); use --replace to enroll it again"
        case .unknownUser(let name):
            "no user \(name) in the template store"
        case .tooFewMinutiaeForCard(let usable, let minimum):
            "the swipe gave \(usable) usable minutiae but the card needs at least \(minimum); swipe again"
        case .tooDenseForCard(let density):
            String(format: "the swipe's minutiae lie closer together than fingers allow (%.2f per mm², at most %.2f), "
                   + "so a card neither holds nor compares them; clean the sensor and swipe again",
                   density, MinutiaDensity.plausibleLimit)
        case .unsupportedCardOrder(let order):
            "the card asks for minutiae order \(order), which pbtool does not know"
        case .unreadableTemplate(let finger, let user, let detail):
            "the stored template of \(user)'s \(finger.name) cannot be read: \(detail)"
        case .tooManyUnusableSwipes(let count):
            "\(count) swipes in a row were unusable; try pbtool practice, then enroll again"
        case .cardManagementNotAuthorised(let reader):
            "changing the fingers on the card in \(reader) needs the admin key (--admin-key or PBTOOL_ADMIN_KEY)"
        }
    }
}
