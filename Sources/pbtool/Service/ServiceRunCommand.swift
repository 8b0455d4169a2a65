import ArgumentParser
import Biometry
import Sensors
import DBus
import Foundation

/// `pbtool service run`: owns net.reactivated.Fprint until SIGTERM or SIGINT.
struct ServiceRunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Serve net.reactivated.Fprint on the system bus until stopped (SIGTERM, Ctrl-C).",
        discussion: """
            Implements fprintd 1.94's Manager and Device interfaces: Claim/Release, \
            ListEnrolledFingers, DeleteEnrolledFingers2, DeleteEnrolledFinger, EnrollStart/Stop, \
            VerifyStart/Stop, the EnrollStatus, VerifyStatus and VerifyFingerSelected signals and \
            the device's properties. Fingers live in the encrypted template store (--db), unlocked \
            with --key-file or --key-command for every operation, or, for a --card-user with a \
            card in the reader, on the card, which then compares (enrolling onto it and deleting \
            from it need --admin-key or PBTOOL_ADMIN_KEY, or --admin-pin). Where polkit runs, it \
            authorises each call (fprintd's net.reactivated.fprint.device.* actions); elsewhere \
            a caller acts only for its own user unless it is root. One client holds the device \
            at a time, and a client that leaves the bus loses its claim. Host rejections are \
            counted in STATE-DIRECTORY/lockout.json, so a lock-out survives a restart.

            Exit codes: 0 stopped by SIGTERM or SIGINT; 2 usage (no key source, bad option, \
            malformed admin key); \
            8 no sensor; 9 store; 13 the bus is unreachable or another program owns \
            net.reactivated.Fprint. See docs/service.md.

            Examples:
              pbtool service run --db /var/lib/pbtool/templates.db --key-file /etc/pbtool/service.key
              pbtool service run --sensor sim:synthetic:7 --key-file k --db t.db --card-user alice
            """
    )

    @OptionGroup var sensor: FlowSensorOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var match: MatchOptions

    @Option(parsing: .unconditional, help: "Accepted swipes per enrollment, fprintd's num-enroll-stages (1–10).",
            transform: OptionValue.count(1...10))
    var swipes = 3

    @Option(name: .customLong("state-directory"), help: ArgumentHelp("Where the rejection lock-out is kept.", valueName: "dir"))
    var stateDirectory = "/var/lib/pbtool"

    @Option(name: .customLong("lockout-time"), parsing: .unconditional,
            help: ArgumentHelp("How long a finger stays locked after five host rejections in a row.", valueName: "time"),
            transform: OptionValue.duration)
    var lockoutTime = DurationArgument(seconds: 60, text: "60s")

    @Option(name: .customLong("card-user"), help: ArgumentHelp(
        "A user whose card decides: with a card in the reader, this user's fingers are the card's and the card compares. Repeatable.",
        valueName: "user"))
    var cardUsers: [String] = []

    @Option(help: "The card reader: its full name or a unique part of it (default: the first with a card).")
    var reader: String?

    @OptionGroup var adminKey: AdminKeyOption

    @Option(name: .customLong("admin-pin"), help: "The admin PIN of an ISO match-on-card application, for enrolling onto and deleting from a card user's card.")
    var adminPIN: String?

    @Option(name: .customLong("sim-sensor-file"), help: .hidden)
    var sensorFile: String?

    func validate() throws {
        guard !store.unlock.passphraseFromStandardInput else {
            throw ValidationError("the service unlocks the store for every operation: use --key-file or --key-command, not --passphrase-stdin")
        }
    }

    func run() async throws {
        let backend = ServiceBackend(sensor: sensor, store: store, engine: match.engine(), swipes: swipes,
                                     lockoutPath: stateDirectory + "/lockout.json",
                                     lockoutPolicy: RejectionLockout.Policy(duration: lockoutTime.duration), sensorFile: sensorFile,
                                     cardUsers: Set(cardUsers), reader: reader, adminKey: adminKey, adminPIN: adminPIN)
        _ = try adminKey.optionalKey()
        _ = try backend.enrolledFingers(of: "")
        let profile = try backend.makeSensor(impressions: 1...1).profile
        let connection = try serve(backend, profile: profile)
        let stop = AsyncStopSignal()
        let signals = InterruptSignals { _ in stop.fire() }
        printError("pbtool service: serving \(FprintInterfaces.busName) as \(connection.uniqueName) with the \(profile.name)")
        await stop.wait()
        withExtendedLifetime(signals) {}
    }

    /// Exports the manager and the device, owns the bus name and starts the loop thread.
    private func serve(_ backend: ServiceBackend, profile: SensorProfile) throws -> BusConnection {
        do {
            let connection = try BusConnection()
            let device = FprintDevice(backend: backend, connection: connection, profile: profile)
            try connection.export(FprintManagerObject(), at: FprintInterfaces.managerPath)
            try connection.export(device, at: FprintInterfaces.devicePath)
            try connection.onNameVanished { device.clientVanished($0) }
            try connection.requestName(FprintInterfaces.busName)
            connection.start()
            return connection
        } catch {
            throw CommandFailure(.bus, error.description)
        }
    }
}
