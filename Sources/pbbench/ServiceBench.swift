import Biometry
import Fingerprint
import Foundation
import LiveCardStack
import Sensors
import SimulatedSensors
import TemplateStore

/// fprintd's API served by `pbtool service` (issue 22): `VerifyStart` → the final `VerifyStatus`
/// through a private system bus, against the same verification run in-process (the service's
/// cost is the difference, ≤ 10 ms), on the host store and on the virtual card through pcscd; and
/// 8 clients queuing for the one device, all answered.
struct ServiceBench: BenchSuite {
    static let name = "service"
    static let summary = "VerifyStart → VerifyStatus through the service vs. the flow in-process (host, card); 8 clients queuing"

    struct Parameters {
        /// Timed verifications each way (after one untimed warm-up).
        var verifications = 9
        /// Clients claiming the device at once.
        var clients = 8
        /// The threshold both sides decide at (the service gets `--fmr 1/10000`).
        var threshold = Threshold.forFalseMatchRate(1e-4)
    }

    let parameters = Parameters()

    func run(_ report: BenchReport) async throws {
        guard PrivateSystemBus.isAvailable else {
            return report.skip("needs dbus-daemon (Debian package dbus; `make deps`)")
        }
        let pbtool = APDUScriptBench.executable("pbtool").path
        guard FileManager.default.isExecutableFile(atPath: pbtool) else {
            return report.skip("needs pbtool built beside pbbench (`make bench` builds both)")
        }
        let engine = RecognitionEngine(threshold: parameters.threshold)
        let scratch = try BenchScratch()
        let files = try ServiceBenchFiles(scratch: scratch, engine: engine)
        try await recordHost(report, files: files, pbtool: pbtool)
        try await recordQueue(report, files: files, pbtool: pbtool)
        try await ServiceCardBench(parameters: parameters).record(report, files: files, pbtool: pbtool)
    }

    /// The host store deciding: in-process, then through the service.
    private func recordHost(_ report: BenchReport, files: ServiceBenchFiles, pbtool: String) async throws {
        let inProcess = try await Self.medianMilliseconds(parameters.verifications) { try await Self.timed { try await files.verifyInProcess(.host) } }
        let throughService = try await Self.throughService(parameters.verifications, files: files, pbtool: pbtool)
        Self.record(report, place: "host", inProcess: inProcess, throughService: throughService)
    }

    /// The median `VerifyStart` → final `VerifyStatus` of `count` verifications through a
    /// service started with `arguments`, one client holding the claim throughout.
    static func throughService(_ count: Int, files: ServiceBenchFiles, pbtool: String, _ arguments: [String] = []) async throws -> Double {
        let stage = try ServiceBenchStage(pbtool: pbtool, files: files, arguments)
        let client = try ServiceBenchClient(address: stage.bus.address)
        try client.claim()
        let median = try await medianMilliseconds(count) { try client.verify() }
        try client.release()
        withExtendedLifetime(stage) {}
        return median
    }

    /// The two medians and their difference, the service's own cost, checked against 10 ms.
    static func record(_ report: BenchReport, place: String, inProcess: Double, throughService: Double) {
        report.record("\(place): verification in-process, median", inProcess, unit: "ms")
        report.record("\(place): VerifyStart → VerifyStatus through the service, median", throughService, unit: "ms")
        report.record("\(place): the service's cost (difference)", throughService - inProcess, unit: "ms", target: .atMost(10))
    }

    /// The median of `count` timed runs of `run` (each giving its verdict and time), after one
    /// warm-up; throws when a run does not match.
    static func medianMilliseconds(_ count: Int, _ run: () async throws -> (verdict: String, elapsed: Duration)) async throws -> Double {
        var times: [Double] = []
        for index in 0...count {
            let (verdict, elapsed) = try await run()
            guard verdict == "verify-match" else { throw BenchFailure("verification \(index) ended \(verdict), not verify-match") }
            if index > 0 { times.append(elapsed / .milliseconds(1)) }
        }
        return times.sorted()[times.count / 2]
    }

    /// `run`'s verdict and how long it took.
    static func timed(_ run: () async throws -> String) async throws -> (verdict: String, elapsed: Duration) {
        let start = ContinuousClock.now
        let verdict = try await run()
        return (verdict, ContinuousClock.now - start)
    }
}
