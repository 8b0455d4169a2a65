import Biometry
import Sensors
import SmartCard

/// A flow event as fprintd reports it: the `EnrollStatus`/`VerifyStatus` result string and
/// whether the operation is done (fprintd 1.94's statuses, docs/service.md).
struct FprintStatus: Equatable {
    let result: String
    let done: Bool

    /// What an enrollment event says, if anything: a stage passed, a swipe to repeat, the end.
    static func enrollment(_ event: BiometryEvent) -> FprintStatus? {
        switch event {
        case .swipeAccepted(let request):
            // The last stage is reported by the outcome (enroll-completed), as fprintd does.
            guard let total = request.total, request.number < total else { return nil }
            return FprintStatus(result: "enroll-stage-passed", done: false)
        case .swipeRejected(let instructions):
            return FprintStatus(result: "enroll-" + retry(instructions), done: false)
        case .finished(let outcome):
            return FprintStatus(result: enrollmentResult(outcome), done: true)
        default:
            return nil
        }
    }

    /// What a verification event says, if anything: a swipe to repeat or the answer.
    /// `rejectedOnHost`: the host compared and rejected the finger in this verification.
    static func verification(_ event: BiometryEvent, rejectedOnHost: Bool = false) -> FprintStatus? {
        switch event {
        case .swipeRejected(let instructions):
            return FprintStatus(result: "verify-" + retry(instructions), done: false)
        case .finished(let outcome):
            return FprintStatus(result: verificationResult(outcome, rejectedOnHost: rejectedOnHost), done: true)
        default:
            return nil
        }
    }

    /// The final status of a flow that failed (the sensor vanished, the card was pulled while
    /// it decided or before it stored an enrolment, the store failed).
    static func failure(_ error: any Error, enrolling: Bool) -> FprintStatus {
        let prefix = enrolling ? "enroll-" : "verify-"
        switch error {
        case SensorError.unplugged, SensorError.stoppedAnswering, SensorError.noSensor:
            return FprintStatus(result: prefix + "disconnected", done: true)
        case _ where CardEdgeError.isCardGone(error):
            return FprintStatus(result: prefix + "disconnected", done: true)
        default:
            return FprintStatus(result: prefix + "unknown-error", done: true)
        }
    }

    private static func retry(_ instructions: [Instruction]) -> String {
        switch instructions.first {
        case .tooShort: "swipe-too-short"
        case .centreFinger: "finger-not-centered"
        case .removeFinger: "remove-and-retry"
        default: "retry-scan"
        }
    }

    private static func enrollmentResult(_ outcome: FlowOutcome) -> String {
        switch outcome {
        case .enrolled: "enroll-completed"
        case .enrollmentRefused(.duplicateFinger): "enroll-duplicate"
        default: "enroll-failed"
        }
    }

    // A lock-out or a blocked card finger compared nothing: "unknown error" lets pam_fprintd
    // fall through to the next module instead of counting a rejected finger. The rejection that
    // locks the finger did compare: it is a no-match, and the lock answers the next VerifyStart.
    private static func verificationResult(_ outcome: FlowOutcome, rejectedOnHost: Bool) -> String {
        switch outcome {
        case .matched: "verify-match"
        case .notMatched: "verify-no-match"
        case .blocked where rejectedOnHost: "verify-no-match"
        default: "verify-unknown-error"
        }
    }
}
