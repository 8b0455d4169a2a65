import APDU
import Foundation
import PCSC
import SmartCard
import TestSupport
import VirtualCard

/// Card edges through libpcsclite → pcscd → vpcd → the virtual card (issue 7): enrolling one
/// finger ≤ 20 ms, verifying (probe build + chunks + on-card match) ≤ 10 ms, and the on-card
/// match itself over FVC impostor pairs.
struct CardEdgeBench: BenchSuite {
    static let name = "cardedge"
    static let summary = "BioManager enrol and verify through pcscd + vpcd + the virtual card"

    struct Parameters {
        /// Timed repetitions of each operation (after one untimed warm-up).
        var repetitions = 40
        /// Minutiae in the enrolled reference and the probe.
        var minutiae = 40
        var adminKey: [UInt8] = Array(0x10...0x1F)
        var reader = "Virtual PCD 00 00"
    }

    let parameters = Parameters()

    func run(_ report: BenchReport) async throws {
        try await LiveStackLock.withExclusiveAccess {
            try PCSCDaemon.ensureRunning()
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pbbench-cardedge-\(getpid())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let stateFile = directory.appendingPathComponent("card.json")
            for (label, file) in [("state file, fsync per change", Optional(stateFile)), ("no state file", nil)] {
                let enroll = try measureEnrollment(stateFile: file)
                report.record("enroll one finger, median (\(label))", enroll.median, unit: "ms",
                              target: file == nil ? nil : .atMost(20))
                report.record("enroll one finger, p90 (\(label))", enroll.percentile90, unit: "ms")
            }
        }
        guard AppletCatalog.defaultComparison != nil else {
            report.skip("verify and the on-card match: the engine's compact-card matcher (issue 4) is not available yet, "
                        + "so the card has no comparison to time")
            return
        }
    }

    /// Times the whole `card enroll` conversation: SELECT, VERIFY KEY, ENROLL INIT/UPDATE/FINAL.
    /// Enrolment never compares, so the card's comparison does not matter here.
    private func measureEnrollment(stateFile: URL?) throws -> (median: Double, percentile90: Double) {
        let card = try VirtualCard(applets: AppletCatalog.all(comparison: AppletCatalog.defaultComparison ?? SameMinutiaeComparison()),
                                   stateFile: stateFile)
        let attachment = VPCDAttachment(card: card, parameters: .init(port: 35963))
        attachment.start()
        defer { attachment.stop() }
        guard attachment.waitUntilAttached(timeout: .seconds(10)) else { throw BenchFailure("vpcd did not accept the card") }
        try ReaderWatch.waitForCard(in: parameters.reader, present: true, timeout: .seconds(10))
        let connection = try PCSCContext().connect(to: parameters.reader)
        let transport = CardTransport(channel: connection, redaction: .cardEdgeSecrets, recordsTrace: false)
        try initialise(BioManager(transport: transport))
        let reference = try CompactMinutiae(bytes: MinutiaeFixture.compact(count: parameters.minutiae, seed: 1))
        let clock = ContinuousClock()
        var milliseconds: [Double] = []
        for round in 0...parameters.repetitions {
            let start = clock.now
            let bioManager = BioManager(transport: transport)
            try bioManager.select()
            try bioManager.verifyKey(parameters.adminKey, .admin)
            try bioManager.enroll(.rightIndex, minutiae: reference)
            if round > 0 { milliseconds.append((clock.now - start).milliseconds) }
        }
        try connection.disconnect(.reset)
        attachment.stop()
        try ReaderWatch.waitForCard(in: parameters.reader, present: false, timeout: .seconds(10))
        milliseconds.sort()
        return (milliseconds[milliseconds.count / 2], milliseconds[min(milliseconds.count - 1, milliseconds.count * 9 / 10)])
    }

    private func initialise(_ bioManager: BioManager) throws {
        try bioManager.select()
        let startKey = try bioManager.leaveVirgin()
        try bioManager.verifyKey(startKey, .start)
        try bioManager.changeKey(.admin, to: parameters.adminKey)
        try bioManager.changeState(to: .operational)
    }
}
