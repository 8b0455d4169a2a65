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
        var verifications = 15
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

    /// The host store deciding: in-process and through the service.
    private func recordHost(_ report: BenchReport, files: ServiceBenchFiles, pbtool: String) async throws {
        let times = try await Self.compare(parameters.verifications, place: .host, files: files, pbtool: pbtool)
        Self.record(report, place: "host", times)
    }

    /// `count` verifications in-process and `count` through a service started with `arguments`
    /// (one client holding the claim throughout), in alternation after one warm-up of each: the
    /// machine's load drifts over a run (the in-process median alone moved 24 → 33 ms between two
    /// runs on an idle machine), and alternating puts the drift on both sides alike.
    static func compare(_ count: Int, place: ServiceBenchFiles.Place, files: ServiceBenchFiles, pbtool: String,
                        _ arguments: [String] = []) async throws -> ServiceTimes {
        let stage = try ServiceBenchStage(pbtool: pbtool, files: files, arguments)
        let client = try ServiceBenchClient(address: stage.bus.address)
        try client.claim()
        var times = ServiceTimes()
        for index in 0...count {
            let inProcess = try await timed { try await files.verifyInProcess(place) }
            let throughService = try client.verify()
            for (verdict, _) in [inProcess, throughService] where verdict != "verify-match" {
                throw BenchFailure("verification \(index) ended \(verdict), not verify-match")
            }
            if index > 0 { times.add(inProcess: inProcess.elapsed, throughService: throughService.elapsed) }
        }
        try client.release()
        withExtendedLifetime(stage) {}
        return times
    }

    /// The two medians and the median of the pairs' differences, the service's own cost, checked against 10 ms.
    static func record(_ report: BenchReport, place: String, _ times: ServiceTimes) {
        report.record("\(place): verification in-process, median", times.inProcessMedian, unit: "ms")
        report.record("\(place): VerifyStart → VerifyStatus through the service, median", times.throughServiceMedian, unit: "ms")
        report.record("\(place): the service's cost (median of paired differences)", times.differenceMedian, unit: "ms", target: .atMost(10))
    }

    /// `run`'s verdict and how long it took.
    static func timed(_ run: () async throws -> String) async throws -> (verdict: String, elapsed: Duration) {
        let start = ContinuousClock.now
        let verdict = try await run()
        return (verdict, ContinuousClock.now - start)
    }
}
