import Biometry
import Foundation

extension FlowOutcome {
    /// The closing lines a person reads.
    var lines: [String] {
        switch self {
        case .enrolled(let summary):
            ["Enrolled \(summary.finger.name) for \(summary.user) in the \(summary.storedIn): "
                + "swipe \(summary.chosenSwipe) of \(summary.acceptedSwipes), quality \(summary.quality), \(summary.minutiae) minutiae"
                + (summary.checkedForDuplicates ? "." : " (not compared with other fingers: the card keeps its references).")]
        case .enrollmentRefused(.duplicateFinger(let other, _)):
            ["Not enrolled: this finger matches the enrolled \(other.name). Use another finger."]
        case .matched(let report): ["Verified: \(report.finger.name)."]
        case .notMatched: ["Not verified."]
        case .blocked(let blocked):
            [blocked.lockedUntil.map { "\(blocked.finger.name) is locked until \(ISO8601DateFormatter().string(from: $0)) after repeated rejections." }
                ?? "\(blocked.finger.name) is blocked on the card; an administrator must unblock it."]
        case .identified(let candidates):
            candidates.isEmpty ? ["Nobody matched."]
                : candidates.enumerated().map { "\($0.offset + 1). \($0.element.user) \($0.element.finger.name) score \(String(format: "%.1f", $0.element.score))" }
        case .practised(let summary):
            ["Practice done: " + summary.steps.map { "\($0.step.name) \($0.passed ? "passed" : "not yet")" }.joined(separator: ", ") + "."]
        case .fingersListed(let user, let fingers):
            ["\(user): " + (fingers.isEmpty ? "no fingers" : fingers.map(\.name).joined(separator: ", "))]
        case .fingerDeleted(let user, let finger): ["Deleted \(finger.name) of \(user)."]
        case .captured(let capture): ["Captured \(capture.image.width)×\(capture.image.height), quality \(capture.features.quality)."]
        case .timedOut: ["Timed out."]
        case .cancelled: ["Cancelled; nothing was changed."]
        }
    }

    /// The exit code a script reads (docs/verify.md).
    var exitStatus: ExitStatus {
        switch self {
        case .enrolled, .matched, .practised, .fingersListed, .fingerDeleted, .captured: .success
        case .identified(let candidates): candidates.isEmpty ? .negative : .success
        case .enrollmentRefused, .notMatched: .negative
        case .blocked: .blocked
        case .timedOut: .timeout
        case .cancelled: .cancelled
        }
    }
}
