import APDU
import BiometricFormats
import Foundation
import PCSC
import SmartCard
import LiveCardStack
import ReferenceData
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
            try recordEnrollment(report)
            try recordVerification(report)
        }
        try recordOnCardMatch(report)
    }

    private func recordEnrollment(_ report: BenchReport) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pbbench-cardedge-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let stateFile = directory.appendingPathComponent("card.json")
        for (label, file) in [("state file, fsync per change", Optional(stateFile)), ("no state file", nil)] {
            let enroll = try measureEnrollment(stateFile: file)
            report.record("enroll one finger, median (\(label))", enroll.median, unit: "ms", target: file == nil ? nil : .atMost(20))
            report.record("enroll one finger, p90 (\(label))", enroll.percentile90, unit: "ms")
        }
    }

    /// Verification with the engine's card matcher doing the on-card match at the card's
    /// calibrated threshold (`AppletCatalog.defaultComparison`).
    private func recordVerification(_ report: BenchReport) throws {
        let engine = AppletCatalog.defaultComparison
        let verify = try measureVerification(comparison: engine)
        report.record("verify (probe build + chunks + on-card match), median", verify.median, unit: "ms", target: .atMost(10))
        report.record("verify, p90", verify.percentile90, unit: "ms")
    }

    /// Times `card verify`'s conversation for a matching probe: SELECT, GET BIO HEADER, probe
    /// pruning and sorting, VERIFY INIT and FINAL (the on-card match).
    private func measureVerification(comparison: any OnCardComparison) throws -> (median: Double, percentile90: Double) {
        let card = try VirtualCard(applets: AppletCatalog.all(comparison: comparison))
        let session = try AttachedSession(card: card, reader: parameters.reader)
        defer { session.end() }
        let bioManager = BioManager(transport: session.transport)
        try initialise(bioManager)
        try bioManager.verifyKey(parameters.adminKey, .admin)
        let reference = MinutiaeFixture.compact(count: parameters.minutiae, seed: 1)
        try bioManager.enroll(.rightIndex, minutiae: CompactCardTemplate(bytes: reference))
        let probe = try CompactCardTemplate(bytes: MinutiaeFixture.reordered(reference))
        return try Self.time(parameters.repetitions) {
            try bioManager.select()
            guard try bioManager.verify(.rightIndex, minutiae: probe) == .match else { throw BenchFailure("the probe did not match") }
        }
    }

    /// Medians and 90th percentiles of `count` timed runs of `body`, after one untimed run.
    private static func time(_ count: Int, _ body: () throws -> Void) throws -> (median: Double, percentile90: Double) {
        let clock = ContinuousClock()
        try body()
        var milliseconds: [Double] = []
        for _ in 0..<count {
            let start = clock.now
            try body()
            milliseconds.append((clock.now - start) / .milliseconds(1))
        }
        milliseconds.sort()
        return (milliseconds[count / 2], milliseconds[min(count - 1, count * 9 / 10)])
    }

    /// Times the whole `card enroll` conversation: SELECT, VERIFY KEY, ENROLL INIT/UPDATE/FINAL.
    /// Enrolment never compares, so the card's comparison does not matter here.
    private func measureEnrollment(stateFile: URL?) throws -> (median: Double, percentile90: Double) {
        let card = try VirtualCard(applets: AppletCatalog.all(comparison: AppletCatalog.defaultComparison),
                                   stateFile: stateFile)
        let session = try AttachedSession(card: card, reader: parameters.reader)
        defer { session.end() }
        let bioManager = BioManager(transport: session.transport)
        try initialise(bioManager)
        let reference = try CompactCardTemplate(bytes: MinutiaeFixture.compact(count: parameters.minutiae, seed: 1))
        return try Self.time(parameters.repetitions) {
            try bioManager.select()
            try bioManager.verifyKey(parameters.adminKey, .admin)
            try bioManager.enroll(.rightIndex, minutiae: reference)
        }
    }

    private func initialise(_ bioManager: BioManager) throws {
        try bioManager.select()
        let startKey = try bioManager.leaveVirgin()
        try bioManager.verifyKey(startKey, .start)
        try bioManager.changeKey(.admin, to: parameters.adminKey)
        try bioManager.changeState(to: .operational)
    }
}

/// A virtual card attached through vpcd and one PC/SC connection to it, for a measurement.
private struct AttachedSession {
    let attachment: VPCDAttachment
    let connection: PCSCCard
    let transport: CardTransport
    let reader: String

    init(card: VirtualCard, reader: String) throws {
        attachment = VPCDAttachment(card: card, parameters: .init(port: 35963))
        attachment.start()
        guard attachment.waitUntilAttached(timeout: .seconds(10)) else {
            attachment.stop()
            throw BenchFailure("vpcd did not accept the card")
        }
        try ReaderWatch.waitForCard(in: reader, present: true, timeout: .seconds(10))
        connection = try PCSCContext().connect(to: reader)
        transport = CardTransport(channel: connection, redaction: .cardEdgeSecrets, recordsTrace: false)
        self.reader = reader
    }

    func end() {
        try? connection.disconnect(.reset)
        attachment.stop()
        try? ReaderWatch.waitForCard(in: reader, present: false, timeout: .seconds(10))
    }
}
