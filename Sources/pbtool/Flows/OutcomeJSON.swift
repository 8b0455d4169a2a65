import Biometry
import Foundation

/// The `outcome` member of the `finished` event.
struct OutcomeJSON: Encodable {
    /// `enrolled`, `enrollmentRefused`, `matched`, `notMatched`, `blocked`, `identified`,
    /// `practised`, `fingersListed`, `fingerDeleted`, `captured`, `timedOut`, `cancelled`.
    var result: String
    /// The exit code the command ends with.
    var exitCode: Int32
    var user: String?
    var finger: String?
    var fingers: [String]?
    var storedIn: String?
    var acceptedSwipes: Int?
    var rejectedSwipes: Int?
    var chosenSwipe: Int?
    var quality: Int?
    var minutiae: Int?
    var checkedForDuplicates: Bool?
    var replaced: Bool?
    var duplicateOf: String?
    var match: MatchJSON?
    var comparisons: [MatchJSON]?
    var place: String?
    var lockedUntil: Date?
    var candidates: [Candidate]?
    var steps: [Step]?

    struct Candidate: Encodable {
        let user: String
        let finger: String
        let score: Double
    }

    struct Step: Encodable {
        let step: String
        let swipes: Int
        let passed: Bool
    }

    init(_ outcome: FlowOutcome) {
        result = ""
        exitCode = outcome.exitStatus.rawValue
        switch outcome {
        case .enrolled(let summary): describe(summary)
        case .enrollmentRefused(.duplicateFinger(let other, _)): (result, duplicateOf) = ("enrollmentRefused", other.name)
        case .matched(let report): (result, match, finger) = ("matched", MatchJSON(report), report.finger.name)
        case .notMatched(let reports): (result, comparisons) = ("notMatched", reports.map(MatchJSON.init))
        case .blocked(let blocked):
            (result, finger, place, lockedUntil) = ("blocked", blocked.finger.name, blocked.place.rawValue, blocked.lockedUntil)
        case .identified(let found):
            result = "identified"
            candidates = found.map { Candidate(user: $0.user, finger: $0.finger.name, score: ($0.score * 100).rounded() / 100) }
        case .practised(let summary):
            result = "practised"
            steps = summary.steps.map { Step(step: $0.step.name, swipes: $0.swipes, passed: $0.passed) }
        case .fingersListed(let name, let list): (result, user, fingers) = ("fingersListed", name, list.map(\.name))
        case .fingerDeleted(let name, let deleted): (result, user, finger) = ("fingerDeleted", name, deleted.name)
        case .captured(let capture):
            (result, quality, minutiae, finger) = ("captured", capture.features.quality, capture.features.minutiae.count, capture.finger?.name)
        case .timedOut: result = "timedOut"
        case .cancelled: result = "cancelled"
        }
    }

    private mutating func describe(_ summary: EnrollmentSummary) {
        (result, user, finger, storedIn) = ("enrolled", summary.user, summary.finger.name, summary.storedIn)
        (acceptedSwipes, rejectedSwipes, chosenSwipe) = (summary.acceptedSwipes, summary.rejectedSwipes, summary.chosenSwipe)
        (quality, minutiae) = (summary.quality, summary.minutiae)
        (checkedForDuplicates, replaced) = (summary.checkedForDuplicates, summary.replaced)
    }
}
