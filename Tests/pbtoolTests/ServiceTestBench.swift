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
    let service: ChildProcess
    /// The test's environment with the private bus as the system bus.
    let environment: [String: String]
    private let fingerFile: String

    /// `arguments` are added to `pbtool service`'s (a fault to inject).
    init(_ arguments: [String] = []) throws {
        bench = try FlowTestBench()
        // The bus runs with the policy `pbtool service install` writes.
        let installed = try PBToolProcess.run(["service", "install", "--root", bench.scratch.path("root")])
        guard installed.status == 0 else { throw FlowTestBench.SetupFailure(message: installed.standardError) }
        bus = try PrivateSystemBus(policy: "<include>\(bench.scratch.path("root"))/\(Self.policyPath)</include>")
        environment = ProcessInfo.processInfo.environment.merging(bus.environment.merging(bench.environment) { _, new in new }) { _, new in new }
        fingerFile = bench.scratch.path("finger")
        try FileManager.default.createDirectory(atPath: bench.scratch.path("state"), withIntermediateDirectories: true)
        try "sim:synthetic:\(Self.owner)\n".write(toFile: fingerFile, atomically: true, encoding: .utf8)
        service = try ChildProcess(PBToolProcess.executable.path, [
            "service", "run", "--db", bench.scratch.store, "--key-file", bench.scratch.key, "--sensor", "sim:synthetic:\(Self.owner)",
            "--sim-sensor-file", fingerFile, "--state-directory", bench.scratch.path("state"),
        ] + arguments, environment: environment, mergingErrors: true)
        try service.waitForLine { $0.contains("serving net.reactivated.Fprint") }
        // For the in-process clients (BusClient connects to $DBUS_SYSTEM_BUS_ADDRESS).
        setenv("DBUS_SYSTEM_BUS_ADDRESS", bus.address, 1)
    }

    deinit {
        unsetenv("DBUS_SYSTEM_BUS_ADDRESS")
        service.send(SIGTERM)
        _ = try? service.waitForExit()
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
