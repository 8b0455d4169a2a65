import BiometricFormats
import Sensors
import SmartCard

/// Enrollment as an async sequence of events: N accepted swipes of one finger (quality and area
/// gates), consolidated into one reference, checked against the user's other fingers, then stored
/// in the database (host store, card, or both) — all or nothing.
///
/// Cancelling before the reference is stored leaves the database as it was.
public final class EnrollmentController: BiometryFlow {
    /// What to enroll, and how strictly.
    public struct Configuration: Sendable {
        /// Whose finger.
        public var user: String
        /// Which finger.
        public var finger: Finger
        /// Accepted swipes to choose the reference from.
        public var swipes = 3
        /// The minimums each swipe must reach.
        public var gates: SwipeGates = .enrollment
        /// How long to wait for each swipe.
        public var timeout: Duration = .seconds(20)
        /// Whether an enrolled finger may be enrolled again.
        public var replacing = false
        /// Unusable swipes in a row before enrollment gives up.
        public var maximumUnusableSwipes = 8
        /// Whether to compare the new reference with the user's other fingers.
        public var checksDuplicates = true

        /// Enroll `user`'s `finger` with the defaults above.
        public init(user: String, finger: Finger) {
            self.user = user
            self.finger = finger
        }
    }

    private let flowRun: FlowRun

    /// An enrollment of `configuration` with `sensor` (closed; the flow opens and closes it),
    /// stored in `database`.
    public init(configuration: Configuration, sensor: any FingerprintSensor, engine: RecognitionEngine,
                database: any ReferenceDatabase) {
        let flow = EnrollmentFlow(configuration: configuration, engine: engine, database: database)
        flowRun = FlowRun(name: "pbtool enrollment", body: SensorFlow(sensor: sensor, engine: engine) { session, context in
            try flow.run(sampler: session, in: context)
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
