import APDU
import Foundation
import Testing
import TestSupport
import VirtualCard

/// The biometric applets at the seam: catalog wiring, state they refuse to restore, and the
/// counter reaching the state file before the card answers.
@Suite struct BiometricAppletTests {
    private let comparison = SameMinutiaeComparison()

    @Test func theCatalogInstallsTheBiometricAppletsOnlyWithAComparison() {
        #expect(AppletCatalog.all(comparison: nil).map(\.aid) == [DemoApplet.demoAID])
        let applets = AppletCatalog.all(comparison: comparison)
        #expect(applets.map(\.aid) == [DemoApplet.demoAID, BioManagerApplet.bioManagerAID, IDStoreApplet.idStoreAID,
                                       ISOMatchOnCardApplet.isoAID])
        let bioManager = applets.compactMap { $0 as? BioManagerApplet }.first
        #expect(bioManager?.security.isFingerVerified == false)
    }

    @Test func stateRoundTripsThroughEncodeAndRestore() throws {
        let applet = BioManagerApplet(comparison: comparison)
        _ = applet.process(try CommandAPDU(cla: 0xB0, ins: 0x48, ne: 8))
        let state = try #require(applet.encodeState())
        let restored = BioManagerApplet(comparison: comparison)
        try restored.restoreState(state)
        #expect(restored.encodeState() == state)
        let properties = restored.process(try CommandAPDU(cla: 0xB0, ins: 0x40, ne: 25))
        #expect(properties.data[4] == 0x02)
    }

    @Test func refusesDamagedBioManagerState() throws {
        let applet = BioManagerApplet(comparison: comparison)
        let good = String(decoding: try #require(applet.encodeState()), as: UTF8.self)
        let damaged = [
            "not json",
            good.replacingOccurrences(of: "\"retries\":5", with: "\"retries\":6"),
            good.replacingOccurrences(of: "\"lifeCycle\":1", with: "\"lifeCycle\":3"),
            good.replacingOccurrences(of: "\"lifeCycle\":1", with: "\"lifeCycle\":8"),
            good.replacingOccurrences(of: "\"adminKeyRetries\":5", with: "\"adminKeyRetries\":200"),
            good.replacingOccurrences(of: "{\"retries\":5}", with: "{\"header\":[161,0],\"reference\":[1,2,3],\"retries\":5}"),
        ]
        #expect(Set(damaged).count == damaged.count, "every edit applies")
        for text in damaged {
            #expect(throws: (any Error).self, "\(text.prefix(60))") { try applet.restoreState(Array(text.utf8)) }
        }
        let shorter = good.replacingOccurrences(of: "{\"retries\":5},", with: "", options: [], range: good.range(of: "{\"retries\":5},"))
        #expect(throws: (any Error).self) { try applet.restoreState(Array(shorter.utf8)) }
    }

    @Test func refusesDamagedIDStoreAndISOState() throws {
        let idStore = IDStoreApplet(security: CardSecurityState())
        #expect(throws: (any Error).self) { try idStore.restoreState(Array("[]".utf8)) }
        let oversized = Array(repeating: "{\"access\":34,\"data\":[\(Array(repeating: "0", count: 1025).joined(separator: ","))]}", count: 16)
        #expect(throws: (any Error).self) { try idStore.restoreState(Array("[\(oversized.joined(separator: ","))]".utf8)) }
        let iso = ISOMatchOnCardApplet(comparison: comparison)
        let good = String(decoding: try #require(iso.encodeState()), as: UTF8.self)
        for text in [good.replacingOccurrences(of: "\"remaining\":3", with: "\"remaining\":4"),
                     good.replacingOccurrences(of: "[49,50,51,52,53,54,255,255]", with: "[49,50]"),
                     good.replacingOccurrences(of: "null,", with: "{\"reference\":[1,2,3],\"remaining\":5},", options: [],
                                               range: good.range(of: "null,"))] {
            #expect(text != good)
            #expect(throws: (any Error).self) { try iso.restoreState(Array(text.utf8)) }
        }
    }

    @Test func aFailedMatchReachesTheStateFileBeforeTheAnswer() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pbtool-applet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let stateFile = directory.appendingPathComponent("card.json")
        let card = try VirtualCard(applets: AppletCatalog.all(comparison: comparison), stateFile: stateFile)
        let script = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("apdu-scripts/bio-1-biomanager.apdu"),
                                encoding: .utf8)
        let runner = ScriptLineRunner(card: card)
        // The first part of the BioManager script: initialised, right index enrolled, one match.
        let prefix = script.components(separatedBy: "test \"another finger").first ?? ""
        let partial = directory.appendingPathComponent("bio-1-part.apdu")
        try prefix.write(to: partial, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("common"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: SharedData.repositoryRoot.appendingPathComponent("apdu-scripts/common/select-biomanager.apdu"),
                                        to: directory.appendingPathComponent("common/select-biomanager.apdu"))
        try runner.run(partial)
        #expect(runner.failures.isEmpty, "\(runner.failures)")
        let impostor = MinutiaeFixture.compact(count: 20, seed: 99)
        _ = card.respond(to: [0xB0, 0x32, 0x00, 0x00, UInt8(impostor.count)] + impostor)
        let answer = card.respond(to: [0xB0, 0x32, 0x00, 0x02])
        #expect(answer == [0x63, 0xC4])
        let saved = try Data(contentsOf: stateFile)
        let restored = BioManagerApplet(comparison: comparison)
        let json = try #require(try JSONSerialization.jsonObject(with: saved) as? [String: Any])
        let applets = try #require(json["applets"] as? [String: String])
        let encoded = try #require(applets["A00000008400"])
        try restored.restoreState(Array(try #require(Data(base64Encoded: encoded))))
        let properties = restored.process(try CommandAPDU(cla: 0xB0, ins: 0x40, ne: 25))
        #expect(properties.data[9] == 4, "container 0 has 4 tries left in the file")
    }
}
