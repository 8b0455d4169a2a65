import ArgumentParser
import BiometricFormats
import Biometry
import SmartCard

/// `pbtool verify`: one finger or any of the user's, on the host or on the card; the exit code
/// is the answer.
struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify a finger against its enrolled reference; exit 0 on a match.",
        discussion: """
            Swipes until a usable probe (bad swipes are explained and repeated without costing \
            a try), compares it with --finger, with every enrolled finger (--any, the default), \
            or with one the command picks at random and names (--challenge). On the host the \
            threshold is set by --fmr; five rejections in a row lock the finger out for a minute. \
            With --on-card the card compares and counts: each no-match costs one of the \
            finger's tries, and a match leaves the card verified for `pbtool idstore get`.

            Exit codes for login scripts: 0 match, 1 no match (or, --on-card, a swipe the card \
            will not compare: too few minutiae, or denser than fingers allow), 2 usage, \
            4 blocked (card counter at zero or host lock-out), 5 no reader, 6 no card, \
            7 no finger within --timeout, 8 no sensor, 9 store, 130 cancelled. See docs/verify.md \
            and docs/login.md.

            Examples:
              pbtool verify --finger right-index --on-card --quiet
              pbtool verify --any --user alice --timeout 7.5s --key-file ~/.config/pbtool/store.key
              pbtool verify --challenge --until-match --sensor sim:synthetic:7
            """
    )

    @Option(help: "The finger to verify.")
    var finger: Finger?

    @Flag(help: "Compare with every enrolled finger of the user (the default).")
    var any = false

    @Flag(help: "Ask for one enrolled finger picked at random.")
    var challenge = false

    @Option(parsing: .unconditional, help: "Comparisons allowed before the answer is no match (1–100).",
            transform: OptionValue.count(1...100))
    var attempts = 1

    @Flag(name: .customLong("until-match"), help: "Keep asking until a match, a block or a timeout.")
    var untilMatch = false

    @OptionGroup var references: ReferenceOptions
    @OptionGroup var sensor: FlowSensorOptions
    @OptionGroup var gates: GateOptions
    @OptionGroup var match: MatchOptions
    @OptionGroup var output: FlowOutputOptions

    func validate() throws {
        let choices = (finger != nil ? 1 : 0) + (any ? 1 : 0) + (challenge ? 1 : 0)
        guard choices <= 1 else { throw ValidationError("use one of --finger, --any and --challenge") }
    }

    func run() async throws {
        let runner = try output.runner()
        let engine = match.engine()
        let device = try sensor.makeSensor(impressions: 4...4)
        let opened = try FlowReferences.open(references, engine: engine, managing: false,
                                             showSecrets: output.logSecrets, trace: runner.log.map { log in { log.record($0) } })
        if let card = opened.card { runner.announce(.device(.cardInserted(reader: card.reader))) }
        let lockout = references.place == .store ? RejectionLockout(path: RejectionLockout.defaultPath()) : nil
        let outcome: FlowOutcome
        do {
            outcome = try await runner.run(VerificationController(
                configuration: verification(), sensor: device, engine: engine, references: opened.database,
                verifier: opened.verifier, lockout: lockout))
        } catch {
            runner.warn(about: opened.unreadable)
            opened.finish(leavingCardPowered: false)
            throw error
        }
        runner.warn(about: opened.unreadable)
        // A match leaves the card verified for a following `pbtool idstore get`.
        if case .matched = outcome { opened.finish(leavingCardPowered: true) } else { opened.finish(leavingCardPowered: false) }
        try FlowEnding.finish(outcome)
    }

    func verification() -> VerificationController.Configuration {
        let choice: VerificationController.FingerChoice = finger.map { .finger($0) } ?? (challenge ? .challenge : .any)
        var configuration = VerificationController.Configuration(user: references.userName, fingers: choice)
        configuration.attempts = untilMatch ? nil : attempts
        configuration.gates = gates.gates(.verification)
        configuration.timeout = sensor.swipeTimeout(configuration.timeout)
        return configuration
    }
}
