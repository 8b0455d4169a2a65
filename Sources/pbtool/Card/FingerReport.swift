import APDU
import SmartCard

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
        container = status.reference == nil ? Int(status.finger.bioManagerContainer) : nil
        reference = status.reference.map { [$0].hexString() }
        verified = status.isVerified
        blocked = status.isBlocked
        retriesLeft = status.retriesLeft
        format = status.format
    }

    /// `right-index  5 tries left  verified`.
    var line: String {
        let tries = blocked ? "blocked" : retriesLeft.map { "\($0) \($0 == 1 ? "try" : "tries") left" } ?? "tries unknown"
        return "  \(finger.padding(toLength: 13, withPad: " ", startingAt: 0)) \(tries)" + (verified ? ", verified" : "")
    }
}
