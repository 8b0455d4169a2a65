import BiometricFormats
import Sensors
import SmartCard

/// Verification as an async sequence of events: swipe until a usable probe, compare it with one
/// finger or all of the user's (on the host or on the card), and end with matched, not matched,
/// blocked, timed out or cancelled.
///
/// Unusable swipes (too fast, too short …) are retried without costing a try; each comparison
/// that does not match costs one. On the host, repeated rejections of a finger lock it out for a
/// while (``RejectionLockout``); a card counts and blocks on its own.
public final class VerificationController: BiometryFlow {
    /// Which fingers to compare with.
    public enum FingerChoice: Sendable, Hashable {
        /// This finger only.
        case finger(Finger)
        /// Every enrolled finger of the user.
        case any
        /// One enrolled finger picked at random, named in the swipe request.
        case challenge
    }

    /// What to verify, and how patiently.
    public struct Configuration: Sendable {
        /// The user whose fingers to compare with (a card ignores it).
        public var user: String
        /// Which fingers.
        public var fingers: FingerChoice
        /// How long to wait for each swipe.
        public var timeout: Duration = .seconds(10)
        /// Comparisons allowed before the answer is "no match"; nil goes on until a match, a
        /// block or a timeout.
        public var attempts: Int? = 1
        /// Unusable swipes in a row before the answer is "no match".
        public var maximumUnusableSwipes = 5
        /// The minimums a probe must reach.
        public var gates: SwipeGates = .verification

        /// Verify `user` against `fingers` with the defaults above.
        public init(user: String, fingers: FingerChoice) {
            self.user = user
            self.fingers = fingers
        }
    }

    private let flowRun: FlowRun

    /// A verification of `configuration` with `sensor` (closed; the flow opens and closes it),
    /// comparing through `verifier`; `references` lists the enrolled fingers, `lockout` (host
    /// verifiers) counts rejections.
    public init(configuration: Configuration, sensor: any FingerprintSensor, engine: RecognitionEngine,
                references: any ReferenceDatabase, verifier: any Verifier, lockout: RejectionLockout? = nil) {
        let flow = VerificationFlow(configuration: configuration, engine: engine, references: references,
                                    verifier: verifier, lockout: lockout)
        flowRun = FlowRun(name: "pbtool verification", body: SensorFlow(sensor: sensor, engine: engine) { sampler, context in
            try flow.run(sampler: sampler, in: context)
        })
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

/// A flow body that opens the sensor, hands the flow a capture loop, and always closes it.
struct SensorFlow: FlowBody {
    let sensor: any FingerprintSensor
    let engine: RecognitionEngine
    let body: (SensorSession, FlowContext) throws -> FlowOutcome

    func run(in context: FlowContext) throws -> FlowOutcome {
        try sensor.whileOpen(in: context) {
            try body(SensorSession(sensor: sensor, engine: engine), context)
        }
    }
}

/// An open sensor and the engine: makes a ``SwipeSampler`` with the gates and timeout a step needs.
struct SensorSession {
    let sensor: any FingerprintSensor
    let engine: RecognitionEngine

    func sampler(gates: SwipeGates, timeout: Duration) -> SwipeSampler {
        SwipeSampler(sensor: sensor, engine: engine, gates: gates, timeout: timeout)
    }
}
