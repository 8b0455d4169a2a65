import ArgumentParser
import BiometricFormats
import Biometry
import SmartCard

/// `pbtool fingers`: list, delete or add fingers, after verifying with one of them.
struct FingersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fingers",
        abstract: "Manage your enrolled fingers; only a verified user changes them.",
        discussion: """
            Every subcommand first verifies the user with any enrolled finger (as pbtool verify \
            --any); only a match lets it list, delete or enroll. See docs/fingers.md.
            """,
        subcommands: [FingersListCommand.self, FingersDeleteCommand.self, FingersEnrollMoreCommand.self]
    )
}

/// The options every `fingers` subcommand shares.
struct FingersOptions: ParsableArguments {
    @OptionGroup var references: ReferenceOptions
    @OptionGroup var sensor: FlowSensorOptions
    @OptionGroup var match: MatchOptions
    @OptionGroup var output: FlowOutputOptions

    /// Verifies, then runs `action`; returns the outcome.
    func run(_ action: ManageFingersController.Action, managing: Bool) async throws -> FlowOutcome {
        let runner = try output.runner()
        let engine = match.engine()
        let device = try sensor.makeSensor(impressions: 4...6)
        let opened = try FlowReferences.open(references, engine: engine, managing: managing,
                                             showSecrets: output.logSecrets, trace: runner.log.map { log in { log.record($0) } })
        defer { opened.finish(leavingCardPowered: false) }
        if let card = opened.card { runner.announce(.device(.cardInserted(reader: card.reader))) }
        var verification = VerificationController.Configuration(user: references.userName, fingers: .any)
        verification.timeout = sensor.swipeTimeout(verification.timeout)
        let lockout = references.place == .store ? RejectionLockout(path: RejectionLockout.defaultPath()) : nil
        defer { runner.warn(about: opened.unreadable) }
        return try await runner.run(ManageFingersController(
            user: references.userName, action: action, verification: verification, sensor: device,
            engine: engine, database: opened.database, verifier: opened.verifier, lockout: lockout))
    }
}

/// `pbtool fingers list`.
struct FingersListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Verify, then list your enrolled fingers.",
        discussion: "Example:\n  pbtool fingers list --user alice --key-file ~/.config/pbtool/store.key")

    @OptionGroup var options: FingersOptions

    func run() async throws {
        try FlowEnding.finish(try await options.run(.list, managing: false))
    }
}

/// `pbtool fingers delete`.
struct FingersDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Verify, then delete one enrolled finger.",
        discussion: "Example:\n  pbtool fingers delete --finger left-index --user alice --key-file ~/.config/pbtool/store.key")

    @Option(help: "The finger to delete.")
    var finger: Finger

    @OptionGroup var options: FingersOptions

    func run() async throws {
        try FlowEnding.finish(try await options.run(.delete(finger), managing: true))
    }
}

/// `pbtool fingers enroll-more`.
struct FingersEnrollMoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enroll-more", abstract: "Verify, then enroll another finger.",
        discussion: "Example:\n  pbtool fingers enroll-more --finger left-index --user alice --key-file ~/.config/pbtool/store.key")

    @Option(help: "The finger to enroll.")
    var finger: Finger

    @Option(parsing: .unconditional, help: "Accepted swipes to choose the reference from (1–10).", transform: OptionValue.count(1...10))
    var swipes = 3

    @Flag(help: "Enroll again a finger that is already enrolled.")
    var replace = false

    @OptionGroup var options: FingersOptions

    func run() async throws {
        var enrollment = EnrollmentController.Configuration(user: options.references.userName, finger: finger)
        enrollment.swipes = swipes
        enrollment.replacing = replace
        enrollment.timeout = options.sensor.swipeTimeout(enrollment.timeout)
        try FlowEnding.finish(try await options.run(.enrollMore(enrollment), managing: true))
    }
}

extension ManageFingersController.Action {
    /// Whether the action enrolls (and so compares swipes on the host).
    var enrolls: Bool {
        if case .enrollMore = self { return true }
        return false
    }
}
