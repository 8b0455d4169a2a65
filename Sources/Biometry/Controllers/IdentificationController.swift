import Sensors

/// Identification (1:N) as an async sequence of events: one usable swipe of any finger,
/// compared with every reference in the gallery, ending with the best candidates above the
/// threshold (none when nobody matched).
public final class IdentificationController: BiometryFlow {
    /// How many candidates, and how patiently.
    public struct Configuration: Sendable {
        /// Candidates to report at most.
        public var top = 3
        /// How long to wait for the swipe.
        public var timeout: Duration = .seconds(10)
        /// Unusable swipes in a row before giving up with no candidates.
        public var maximumUnusableSwipes = 5
        /// The minimums the probe must reach.
        public var gates: SwipeGates = .verification

        /// The defaults above.
        public init() {}
    }

    private let flowRun: FlowRun

    /// An identification against `gallery` with `sensor` (closed; the flow opens and closes it).
    public init(configuration: Configuration, sensor: any FingerprintSensor, engine: RecognitionEngine, gallery: HostGallery) {
        flowRun = FlowRun(name: "pbtool identification", body: SensorFlow(sensor: sensor, engine: engine) { session, context in
            let sampler = session.sampler(gates: configuration.gates, timeout: configuration.timeout)
            var unusable = 0
            while true {
                let request = SwipeRequest(finger: nil, number: unusable + 1, total: nil, purpose: .identification)
                guard let sample = try sampler.sample(request, in: context) else { return .timedOut }
                guard sample.isUsable, let probe = sample.features else {
                    context.emit(.swipeRejected(sample.instructions))
                    unusable += 1
                    if unusable >= configuration.maximumUnusableSwipes { return .identified([]) }
                    continue
                }
                context.emit(.swipeAccepted(request))
                try context.checkCancellation()
                context.emit(.processingStarted(.matching))
                let candidates = gallery.identify(engine.prepare(probe), engine: engine, top: configuration.top)
                context.emit(.processingStopped(.matching))
                return .identified(candidates)
            }
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
