import BiometricFormats
import Foundation
import SmartCard

/// How a flow ended: the payload of the last event, ``BiometryEvent/finished(_:)``.
public enum FlowOutcome: Sendable {
    /// A finger was enrolled.
    case enrolled(EnrollmentSummary)
    /// Enrollment stopped without storing anything, for a reason the person can act on.
    case enrollmentRefused(EnrollmentRefusal)
    /// Verification matched.
    case matched(MatchReport)
    /// Verification did not match; the reports of the last comparison.
    case notMatched([MatchReport])
    /// The finger is blocked (card counter at zero) or locked out for a while (host).
    case blocked(BlockedFinger)
    /// Identification's candidates above the threshold, best first; empty when nobody matched.
    case identified([IdentificationCandidate])
    /// Practice ended; how each step went.
    case practised(PracticeSummary)
    /// The user's enrolled fingers (after verification).
    case fingersListed(user: String, fingers: [Finger])
    /// A finger was deleted (after verification).
    case fingerDeleted(user: String, finger: Finger)
    /// One usable swipe was captured (for export).
    case captured(CapturedSwipe)
    /// No finger arrived within the timeout.
    case timedOut
    /// Cancelled by the person or the program; nothing was stored.
    case cancelled
}

/// What enrollment stored.
public struct EnrollmentSummary: Sendable, Hashable {
    /// Whose finger.
    public var user: String
    /// Which finger.
    public var finger: Finger
    /// Where the reference went (the database's name).
    public var storedIn: String
    /// Accepted swipes the reference was chosen from.
    public var acceptedSwipes: Int
    /// Swipes rejected by the gates or for inconsistency.
    public var rejectedSwipes: Int
    /// Which accepted swipe became the reference (1-based).
    public var chosenSwipe: Int
    /// The reference's quality, 0–100.
    public var quality: Int
    /// The reference's minutia count.
    public var minutiae: Int
    /// Whether the reference was compared with the user's other fingers (a card alone cannot).
    public var checkedForDuplicates: Bool
    /// Whether an earlier reference of the finger was replaced.
    public var replaced: Bool
}

/// Why enrollment stored nothing although the swipes were fine.
public enum EnrollmentRefusal: Sendable, Hashable {
    /// The finger matches another enrolled finger of the same user.
    case duplicateFinger(of: Finger, score: Double)
}

/// A finger that cannot be verified now.
public struct BlockedFinger: Sendable, Hashable {
    /// The finger.
    public var finger: Finger
    /// Where it is blocked.
    public var place: ReferencePlace
    /// When the host lock-out ends; nil for a card block, which an administrator lifts.
    public var lockedUntil: Date?
}

/// One candidate of an identification.
public struct IdentificationCandidate: Sendable, Hashable {
    /// The user the reference belongs to.
    public var user: String
    /// The finger.
    public var finger: Finger
    /// The host matcher's score.
    public var score: Double
}

/// How practice went, step by step.
public struct PracticeSummary: Sendable, Hashable {
    /// Per step, the swipes it took and whether one of them passed its checks.
    public struct StepResult: Sendable, Hashable {
        /// The step.
        public var step: PracticeStep
        /// Swipes it took.
        public var swipes: Int
        /// Whether a swipe passed its checks (free practice: whether any swipe was usable).
        public var passed: Bool
    }

    /// The steps done, in order.
    public var steps: [StepResult]
}
