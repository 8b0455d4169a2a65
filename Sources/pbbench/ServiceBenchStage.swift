import Foundation
import LiveCardStack
import Spawning

/// `pbtool service run` on a private system bus of its own, serving a store in the bench's
/// scratch folder with the simulated sensor presenting one image file.
final class ServiceBenchStage {
    let bus: PrivateSystemBus
    let service: ChildProcess

    /// Starts the bus with the policy `pbtool service install` writes, then the service with
    /// `arguments` added to its options, and waits until it serves the name.
    init(pbtool: String, files: ServiceBenchFiles, _ arguments: [String] = []) throws {
        let root = files.directory + "/root"
        _ = try SpawnedRun.milliseconds(pbtool, ["service", "install", "--root", root])
        bus = try PrivateSystemBus(policy: "<include>\(root)/etc/dbus-1/system.d/pbtool-fprint.conf</include>")
        let environment = ProcessInfo.processInfo.environment.merging(bus.environment) { _, new in new }
        service = try ChildProcess(pbtool, [
            "service", "run", "--db", files.store, "--key-file", files.key, "--sensor", "sim:" + files.probe,
            "--state-directory", files.directory, "--fmr", "1/10000",
        ] + arguments, environment: environment, mergingErrors: true)
        try service.waitForLine { $0.contains("serving net.reactivated.Fprint") }
    }

    deinit {
        service.send(SIGTERM)
        _ = try? service.waitForExit()
    }
}
