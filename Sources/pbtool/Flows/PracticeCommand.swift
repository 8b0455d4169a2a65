import ArgumentParser
import Biometry

/// `pbtool practice`: learn to swipe, in four steps; nothing is stored.
struct PracticeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "practice",
        abstract: "Practise swiping in four steps: placement, speed, straightness, free practice.",
        discussion: """
            Each step explains what to do and waits for Enter (q cancels). The first three \
            steps end with a swipe that passes their check, or after --tries swipes; free \
            practice shows every swipe's image with its quality and area bars against the \
            enrollment minimums. Nothing is stored. Without a terminal on standard input the \
            steps follow each other without waiting.

            Exit codes: 0 done, 7 no finger in time, 8 no sensor, 130 cancelled. See docs/practice.md.

            Examples:
              pbtool practice
              pbtool practice --sensor sim:synthetic:7 --swipe fast --free-swipes 2
            """
    )

    @Option(parsing: .unconditional, help: "Swipes per guided step before moving on anyway (1–100).", transform: OptionValue.count(1...100))
    var tries = 5

    @Option(name: .customLong("free-swipes"), parsing: .unconditional, help: "Swipes in free practice (0–100).",
            transform: OptionValue.count(0...100))
    var freeSwipes = 5

    @OptionGroup var sensor: FlowSensorOptions
    @OptionGroup var gates: GateOptions
    @OptionGroup var output: FlowOutputOptions

    func validate() throws {
        guard tries >= 1, freeSwipes >= 0 else { throw ValidationError("--tries must be at least 1, --free-swipes at least 0") }
    }

    func run() async throws {
        let runner = try output.runner()
        let device = try sensor.makeSensor(impressions: 1...4)
        var configuration = PracticeController.Configuration()
        configuration.swipesPerStep = tries
        configuration.freeSwipes = freeSwipes
        configuration.gates = gates.gates(.practice)
        configuration.timeout = sensor.swipeTimeout(configuration.timeout)
        let engine = RecognitionEngine(threshold: .unused)
        let outcome = try await runner.run(PracticeController(configuration: configuration, sensor: device, engine: engine))
        try FlowEnding.finish(outcome)
    }
}
