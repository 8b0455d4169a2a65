import DBus
import Foundation
import TestSupport

/// `pbtool service` on a private system bus with the simulated sensor and a scratch store, and
/// Debian's fprintd clients pointed at it. The finger the sensor presents is the synthetic
/// finger named in a file the service reads for every operation (``present(seed:)``).
final class ServiceTestBench {
    /// Needs dbus-daemon and fprintd's clients (Debian packages dbus, fprintd).
    static let canRun = PrivateSystemBus.isAvailable && FileManager.default.isExecutableFile(atPath: "/usr/bin/fprintd-verify")
    static let skipMessage = "needs dbus-daemon and fprintd-enroll/-verify/-list/-delete (Debian packages dbus, fprintd; `make deps`)"

    /// The finger enrolled, and a different synthetic finger that does not match it at
    /// the shipped threshold (the pair LoginRecipeTests also relies on).
    static let owner = 5
    static let stranger = 6
    static let policyPath = "etc/dbus-1/system.d/pbtool-fprint.conf"

    let bench: FlowTestBench
    let bus: PrivateSystemBus
    private(set) var service: ChildProcess
    /// The test's environment with the private bus as the system bus.
    let environment: [String: String]
    private let fingerFile: String

    /// `arguments` are added to `pbtool service`'s (a fault to inject); `busPolicy` to the bus's
    /// configuration (another service's policy file); `keyCommand`, given the key file, makes a
    /// `--key-command` to run beside it.
    init(_ arguments: [String] = [], busPolicy: String = "", keyCommand: ((String) -> String)? = nil) throws {
        bench = try FlowTestBench()
        // The bus runs with the policy `pbtool service install` writes.
        let installed = try PBToolProcess.run(["service", "install", "--root", bench.scratch.path("root")])
        guard installed.status == 0 else { throw FlowTestBench.SetupFailure(message: installed.standardError) }
        bus = try PrivateSystemBus(policy: "<include>\(bench.scratch.path("root"))/\(Self.policyPath)</include>" + busPolicy)
        environment = ProcessInfo.processInfo.environment.merging(bus.environment.merging(bench.environment) { _, new in new }) { _, new in new }
        fingerFile = bench.scratch.path("finger")
        try FileManager.default.createDirectory(atPath: bench.scratch.path("state"), withIntermediateDirectories: true)
        try "sim:synthetic:\(Self.owner)\n".write(toFile: fingerFile, atomically: true, encoding: .utf8)
        let key = bench.scratch.key
        let keyCommandArguments = keyCommand.map { ["--key-command", $0(key), "--key-command-timeout", "24h"] } ?? []
        service = try Self.startService(bench: bench, fingerFile: fingerFile, arguments + keyCommandArguments, environment: environment)
    }

    deinit {
        service.send(SIGTERM)
        _ = try? service.waitForExit()
    }

    /// Ends the service with `signal` and waits until the bus has seen its name go.
    func stop(with signal: Int32) throws {
        let watcher = try BusClient(address: bus.address)
        let owners = try watcher.subscribe("org.freedesktop.DBus", "NameOwnerChanged")
        service.send(signal)
        try service.waitForExit()
        var released = false
        while !released, let change = owners.next(within: TestPatience.limit) {
            released = change.first?.text == "net.reactivated.Fprint" && change.last?.text == ""
        }
        guard released else { throw FlowTestBench.SetupFailure(message: "the bus never saw net.reactivated.Fprint released") }
    }

    /// Starts the service again after ``stop(with:)``, on the same bus, store and state
    /// directory, with `arguments` added to its options.
    func start(_ arguments: [String] = []) throws {
        service = try Self.startService(bench: bench, fingerFile: fingerFile, arguments, environment: environment)
    }

    private static func startService(bench: FlowTestBench, fingerFile: String, _ arguments: [String],
                                     environment: [String: String]) throws -> ChildProcess {
        let service = try ChildProcess(PBToolProcess.executable.path, [
            "service", "run", "--db", bench.scratch.store, "--key-file", bench.scratch.key, "--sensor", "sim:synthetic:\(Self.owner)",
            "--sim-sensor-file", fingerFile, "--state-directory", bench.scratch.path("state"),
        ] + arguments, environment: environment, mergingErrors: true)
        try service.waitForLine { $0.contains("serving net.reactivated.Fprint") }
        return service
    }

    /// From now on the sensor presents synthetic finger `seed`.
    func present(seed: Int) throws {
        try "sim:synthetic:\(seed)\n".write(toFile: fingerFile, atomically: true, encoding: .utf8)
    }

    /// Runs `/usr/bin/TOOL arguments…` (an fprintd client, pamtester) against the private bus.
    func run(_ tool: String, _ arguments: [String] = []) throws -> ChildProcess.Run {
        try ChildProcess.run("/usr/bin/" + tool, arguments, environment: environment, mergingErrors: true)
    }
}
