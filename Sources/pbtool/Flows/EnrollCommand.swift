import ArgumentParser
import BiometricFormats
import Biometry
import SmartCard

/// `pbtool enroll`: N swipes of one finger into the template store, onto the card, or both.
struct EnrollCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enroll",
        abstract: "Enroll a finger: swipe it a few times; the best swipe becomes the reference.",
        discussion: """
            Each swipe must reach the quality and area minimums; a swipe that does not is \
            explained ("too fast, swipe again more slowly") and repeated. The accepted swipes \
            must agree with each other; the one most similar to the others becomes the \
            reference, which is compared with the user's other enrolled fingers (a finger \
            enrolled twice is refused) and then stored: in the encrypted template store \
            (--store, the default), on the card (--on-card, needs the admin key), or both.

            Nothing is stored when the flow is cancelled (Ctrl-C) or fails.

            Exit codes: 0 enrolled; 1 refused (duplicate finger), too many unusable swipes, or a \
            swipe a card cannot hold (too few minutiae, or denser than fingers allow); \
            2 usage; 6 no card; 7 no finger in time; 8 no sensor; 9 store; 10 wrong passphrase \
            or admin key; 130 cancelled. See docs/enroll.md.

            Examples:
              pbtool enroll --finger right-index --user alice --key-file ~/.config/pbtool/store.key
              pbtool enroll --finger right-index --on-card --admin-key $KEY --sensor sim:synthetic:7
              pbtool enroll --finger left-index --both --json --sensor sim:synthetic:7
            """
    )

    @Option(help: "The finger: right-thumb … right-little, left-thumb … left-little.")
    var finger: Finger

    @Option(parsing: .unconditional, help: "Accepted swipes to choose the reference from (1–10).", transform: OptionValue.count(1...10))
    var swipes = 3

    @Flag(help: "Enroll again a finger that is already enrolled.")
    var replace = false

    @Flag(name: .customLong("no-duplicate-check"), help: "Do not compare with the user's other fingers.")
    var noDuplicateCheck = false

    @OptionGroup var references: ReferenceOptions
    @OptionGroup var sensor: FlowSensorOptions
    @OptionGroup var gates: GateOptions
    @OptionGroup var match: MatchOptions
    @OptionGroup var output: FlowOutputOptions

    func run() async throws {
        let runner = try output.runner()
        let engine = match.engine()
        let device = try sensor.makeSensor(impressions: 1...swipes)
        let opened = try FlowReferences.open(references, engine: engine, managing: true,
                                             showSecrets: output.logSecrets, trace: runner.log.map { log in { log.record($0) } })
        defer { opened.finish(leavingCardPowered: false) }
        defer { runner.warn(about: opened.unreadable) }
        if let card = opened.card { runner.announce(.device(.cardInserted(reader: card.reader))) }
        let outcome = try await runner.run(EnrollmentController(configuration: enrollment(), sensor: device, engine: engine,
                                                                database: opened.database))
        try FlowEnding.finish(outcome)
    }

    /// The controller's configuration from the options.
    func enrollment() -> EnrollmentController.Configuration {
        var configuration = EnrollmentController.Configuration(user: references.userName, finger: finger)
        configuration.swipes = swipes
        configuration.replacing = replace
        configuration.checksDuplicates = !noDuplicateCheck
        configuration.gates = gates.gates(.enrollment)
        configuration.timeout = sensor.swipeTimeout(configuration.timeout)
        return configuration
    }
}
