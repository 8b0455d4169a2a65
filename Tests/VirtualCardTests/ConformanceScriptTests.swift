import Foundation
import PCSC
import Testing
import TestSupport
import VirtualCard

/// Replays `apdu-scripts/bio-*.apdu` against the in-process virtual card, in name order on one
/// fresh card as `make test` does, with the minimal runner of this target.
@Suite struct ConformanceScriptTests {
    private let scripts = SharedData.repositoryRoot.appendingPathComponent("apdu-scripts")

    private func makeCard() throws -> VirtualCard {
        try VirtualCard(applets: AppletCatalog.all(comparison: SameMinutiaeComparison()))
    }

    @Test func theBiometricAppletScriptsPass() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: scripts.path)
            .filter { $0.hasPrefix("bio-") && $0.hasSuffix(".apdu") }.sorted()
        #expect(names == ["bio-1-biomanager.apdu", "bio-2-idstore.apdu", "bio-3-iso.apdu"])
        let runner = ScriptLineRunner(card: try makeCard())
        for name in names { try runner.run(scripts.appendingPathComponent(name)) }
        #expect(runner.failures.isEmpty, "\(runner.failures.map(\.description).joined(separator: "\n"))")
        #expect(runner.commandsSent > 150)
    }

    @Test func theRunnerReportsAFailedCheck() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pbtool-script-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("wrong.apdu")
        try """
            test "wrong expectations" {
              00 A4 04 00 06 A0 00 00 00 84 00 00  =6A82
              B0 40 00 00 19  =9000 len 24 data 02 *
            }
            """.write(to: script, atomically: true, encoding: .utf8)
        let runner = ScriptLineRunner(card: try makeCard())
        try runner.run(script)
        #expect(runner.failures.count == 3)
        #expect(runner.failures.first?.location == "wrong.apdu:2")
        #expect(runner.failures.allSatisfy { $0.test == "wrong expectations" })
    }
}

/// The same scripts through libpcsclite → pcscd → vpcd, as `make test` replays apdu-scripts/.
@Suite(.serialized, .timeLimit(.minutes(15))) struct LiveConformanceScriptTests {
    /// With the engine's card matcher deciding on the card at its calibrated threshold.
    @Test func theBiometricAppletScriptsPassThroughPCSCD() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach(applets: AppletCatalog.all())
            defer { try? attached.detach() }
            let card = try PCSCContext().connect(to: attached.reader)
            defer { try? card.disconnect(.reset) }
            let runner = ScriptLineRunner(channel: card) { try card.reconnect(initialization: .reset) }
            let scripts = SharedData.repositoryRoot.appendingPathComponent("apdu-scripts")
            for name in ["bio-1-biomanager.apdu", "bio-2-idstore.apdu", "bio-3-iso.apdu"] {
                try runner.run(scripts.appendingPathComponent(name))
            }
            #expect(runner.failures.isEmpty, "\(runner.failures.map(\.description).joined(separator: "\n"))")
            #expect(runner.commandsSent > 150)
        }
    }
}
