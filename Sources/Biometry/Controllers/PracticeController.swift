import Sensors

/// Practice as an async sequence of events, in four steps (``PracticeStep``): placement, speed,
/// straightness, then free practice with live image, quality and area. Each step starts with a
/// prompt (next or cancel); the first three end with a swipe that passes their checks, or after
/// ``Configuration/swipesPerStep`` tries. Nothing is stored.
public final class PracticeController: BiometryFlow {
    /// How long each step may take.
    public struct Configuration: Sendable {
        /// Tries per guided step before moving on anyway.
        public var swipesPerStep = 5
        /// Swipes in free practice.
        public var freeSwipes = 5
        /// How long to wait for each swipe.
        public var timeout: Duration = .seconds(30)
        /// The minimums shown on the quality and area bars.
        public var gates: SwipeGates = .practice

        /// The defaults above.
        public init() {}
    }

    private let flowRun: FlowRun

    /// Practice with `sensor` (closed; the flow opens and closes it).
    public init(configuration: Configuration, sensor: any FingerprintSensor, engine: RecognitionEngine) {
        flowRun = FlowRun(name: "pbtool practice", body: SensorFlow(sensor: sensor, engine: engine) { session, context in
            let sampler = session.sampler(gates: configuration.gates, timeout: configuration.timeout)
            var results: [PracticeSummary.StepResult] = []
            for step in PracticeStep.allCases {
                let kind = session.sensor.profile.kind
                context.emit(.practiceStep(step, kind))
                try context.ask(step.title, step.explanation(for: kind))
                guard let result = try PracticeStepRun(step: step, configuration: configuration).run(sampler, context) else {
                    return .timedOut
                }
                results.append(result)
            }
            return .practised(PracticeSummary(steps: results))
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

/// The swipes of one practice step.
struct PracticeStepRun {
    let step: PracticeStep
    let configuration: PracticeController.Configuration

    /// The step's result; nil when a swipe timed out.
    func run(_ sampler: SwipeSampler, _ context: FlowContext) throws -> PracticeSummary.StepResult? {
        let free = step == .freePractice
        let limit = free ? configuration.freeSwipes : configuration.swipesPerStep
        var passed = false, swipes = 0
        while swipes < limit && (free || !passed) {
            swipes += 1
            let request = SwipeRequest(finger: nil, number: swipes, total: limit, purpose: .practice)
            guard let sample = try sampler.sample(request, in: context) else { return nil }
            let problems = free ? sample.instructions : sample.instructions.filter(step.watchedInstructions.contains)
            if problems.isEmpty && sample.features != nil {
                passed = true
                context.emit(.swipeAccepted(request))
            } else {
                context.emit(.swipeRejected(problems))
            }
        }
        return PracticeSummary.StepResult(step: step, swipes: swipes, passed: passed)
    }
}
