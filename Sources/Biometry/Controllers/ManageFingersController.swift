import BiometricFormats
import Sensors
import SmartCard

/// Finger management as an async sequence of events: the user first verifies with any enrolled
/// finger; only a match lets the change happen (list, delete, or enroll another finger). Any other
/// verification outcome ends the flow unchanged.
public final class ManageFingersController: BiometryFlow {
    /// The change to make once verified.
    public enum Action: Sendable {
        /// Report the enrolled fingers.
        case list
        /// Delete one finger's reference.
        case delete(Finger)
        /// Enroll another finger (or replace one, with the enrollment's `replacing`).
        case enrollMore(EnrollmentController.Configuration)
    }

    private let flowRun: FlowRun

    /// Management of `user`'s fingers in `database`: verify through `verifier` with
    /// `verification`, then do `action`.
    public init(user: String, action: Action, verification: VerificationController.Configuration,
                sensor: any FingerprintSensor, engine: RecognitionEngine, database: any ReferenceDatabase,
                verifier: any Verifier, lockout: RejectionLockout? = nil) {
        let check = VerificationFlow(configuration: verification, engine: engine, references: database,
                                     verifier: verifier, lockout: lockout)
        flowRun = FlowRun(name: "pbtool fingers", body: SensorFlow(sensor: sensor, engine: engine) { session, context in
            try Self.checkBeforeAnySwipe(action, user: user, database: database)
            let verified = try check.run(sampler: session, in: context)
            guard case .matched = verified else { return verified }
            try context.checkCancellation()
            switch action {
            case .list:
                return .fingersListed(user: user, fingers: try database.enrolledFingers(of: user).sorted())
            case .delete(let finger):
                context.emit(.processingStarted(.storing))
                try database.delete(finger, of: user)
                context.emit(.processingStopped(.storing))
                return .fingerDeleted(user: user, finger: finger)
            case .enrollMore(let configuration):
                let enrollment = EnrollmentFlow(configuration: configuration, engine: engine, database: database)
                return try enrollment.run(sampler: session, in: context)
            }
        })
    }

    /// What the action needs of the enrolled fingers, checked before the verification swipe so
    /// that a change that cannot happen costs the user nothing.
    private static func checkBeforeAnySwipe(_ action: Action, user: String, database: any ReferenceDatabase) throws {
        switch action {
        case .list: return
        case .delete(let finger):
            guard try database.enrolledFingers(of: user).contains(finger) else {
                throw BiometryError.fingerNotEnrolled(finger, user: user, place: database.name)
            }
        case .enrollMore(let configuration):
            guard !configuration.replacing, try database.enrolledFingers(of: user).contains(configuration.finger) else { return }
            throw BiometryError.fingerAlreadyEnrolled(configuration.finger, user: user, place: database.name)
        }
    }

    public func makeAsyncIterator() -> AsyncThrowingStream<BiometryEvent, any Error>.AsyncIterator {
        flowRun.makeAsyncIterator()
    }

    public func answer(_ promptID: Int, with answer: PromptAnswer) {
        flowRun.control.answer(promptID, with: answer)
    }

    public func cancel() {
        flowRun.control.cancel()
    }
}
