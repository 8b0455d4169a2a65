import APDU
import Biometry
import Foundation
import PCSC
import Sensors
import SimulatedSensors
import SmartCard
import LiveCardStack
import VirtualCard

/// The on-card half of ``BiometryBench``: the verification flow through libpcsclite → pcscd →
/// vpcd → the virtual card's BioManager, which matches with the engine's compact-card matcher.
struct BiometryCardBench {
    let parameters: BiometryBench.Parameters
    private let adminKey: [UInt8] = Array(0x20...0x2F)
    private let reader = "Virtual PCD 00 00"

    func record(_ report: BenchReport, engine: RecognitionEngine) async throws {
        let comparison = AppletCatalog.defaultComparison
        report.note("on-card comparison: \(comparison.name)")
        try await LiveStackLock.withExclusiveAccess {
            try PCSCDaemon.ensureRunning()
            let times = try await measure(comparison: comparison, engine: engine)
            report.record("card (virtual, through pcscd): last strip → decision, median", times.median, unit: "ms", target: .atMost(60))
            report.record("card (virtual, through pcscd): last strip → decision, p90", times.percentile90, unit: "ms")
        }
    }

    private func measure(comparison: any OnCardComparison, engine: RecognitionEngine) async throws -> (median: Double, percentile90: Double) {
        let attachment = VPCDAttachment(card: try VirtualCard(applets: AppletCatalog.all(comparison: comparison)),
                                        parameters: .init(port: 35963))
        attachment.start()
        defer {
            attachment.stop()
            try? ReaderWatch.waitForCard(in: reader, present: false, timeout: .seconds(10))
        }
        guard attachment.waitUntilAttached(timeout: .seconds(10)) else { throw BenchFailure("vpcd did not accept the card") }
        try ReaderWatch.waitForCard(in: reader, present: true, timeout: .seconds(10))
        let connection = try PCSCContext().connect(to: reader)
        defer { try? connection.disconnect(.reset) }
        let transport = CardTransport(channel: connection, redaction: .cardEdgeSecrets, recordsTrace: false)
        let edge = try CardBiometricEdge.select(on: transport)
        guard case .bioManager(let bioManager) = edge else { throw BenchFailure("the virtual card has no BioManager") }
        try initialise(bioManager)
        let references = CardReferences(edge: edge, reader: reader, authorisation: .adminKey(adminKey))
        let enrolled = try SimulatedSource.synthetic(seed: 1).images(impressions: 1...1)
        try references.enroll(try BiometryBench.features(of: enrolled[0], engine: engine), finger: .rightIndex,
                              user: "bench", replacing: true)
        let probe = try SimulatedSource.synthetic(seed: 1).images(impressions: 2...2)
        return try await BiometryBench.decisionTimes(parameters.verifications + 1) { run in
            VerificationController(configuration: .init(user: "bench", fingers: .finger(.rightIndex)),
                                   sensor: SimulatedSensor(images: probe, seed: UInt64(run + 1)), engine: engine,
                                   references: references, verifier: CardVerifier(edge: edge, reader: reader))
        }
    }

    private func initialise(_ bioManager: BioManager) throws {
        let startKey = try bioManager.leaveVirgin()
        try bioManager.verifyKey(startKey, .start)
        try bioManager.changeKey(.admin, to: adminKey)
        try bioManager.changeState(to: .operational)
    }
}
