import Foundation
import PCSC
import Testing
import TestSupport
import VirtualCard

/// What the card promises a security-minded administrator (issue 24), through the built `pbtool`,
/// pcscd and vpcd, against the virtual card in this process.
@Suite(.serialized, .timeLimit(.minutes(15))) struct CardSecurityCommandTests {
    private static let adminKey = "00112233445566778899AABBCCDDEEFF"

    private func attach() throws -> AttachedVirtualCard {
        try AttachedVirtualCard.attach(applets: AppletCatalog.all(comparison: SameMinutiaeComparison()))
    }

    private func pbtool(_ arguments: [String], environment: [String: String] = [:]) throws -> PBToolProcess.Outcome {
        try PBToolProcess.run(arguments, environment: environment)
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// `card init` with the test admin key, `card enroll` of the right index, and `idstore put`
    /// of the secret as "vpn", readable by a finger only.
    private func personalise(_ templates: CardEdgeTemplates) throws {
        #expect(try pbtool(["card", "init", "--admin-key", Self.adminKey]).status == 0)
        let enrolled = try pbtool(["card", "enroll", "--finger", "right-index", "--template", templates.reference,
                                   "--admin-key", Self.adminKey])
        #expect(enrolled.status == 0, "\(enrolled.standardError)")
        let put = try pbtool(["idstore", "put", "vpn", "--from", templates.secret, "--access", "finger",
                              "--admin-key", Self.adminKey])
        #expect(put.status == 0, "\(put.standardError)")
    }

    /// Issue 24, item 1: SELECT BioManager, VERIFY KEY (admin), SELECT IDStore, SET ACCESS to
    /// anyone, READ — sent with `apdu send` — no longer hands out a finger-only secret.
    @Test func theAdminKeyCannotOpenAFingerOnlyEntry() async throws {
        try await LiveStack.run {
            let attached = try attach()
            defer { try? attached.detach() }
            let templates = try CardEdgeTemplates()
            defer { templates.remove() }
            try personalise(templates)
            // Keeps the card powered between commands, so the admin key stays verified (docs/card.md).
            let holder = try PCSCContext().connect(to: attached.reader)
            defer { try? holder.disconnect(.leave) }
            let attack = try pbtool(["apdu", "send", "--json", "00A4040C06A00000008400", "B046010010" + Self.adminKey,
                                     "00A4040C06A00000008403", "B05A010001FF", "B0540100FA"])
            #expect(attack.status == 0, "\(attack.standardError)")
            let exchanges = try #require(try json(attack.standardOutput)["exchanges"] as? [[String: Any]])
            let statusWords = exchanges.compactMap { $0["sw"] as? String }
            #expect(statusWords.suffix(2) == ["9000", "6A82"], "\(attack.standardOutput)")
            #expect(!attack.standardOutput.contains("hunter2"))
            #expect(exchanges.last?["data"] as? String == "")
            let get = try pbtool(["idstore", "get", "vpn"])
            #expect(get.status == 2, "\(get.standardError)")
            #expect(get.standardOutput.isEmpty)
            let entries = try #require(try json(try pbtool(["idstore", "list", "--json"]).standardOutput)["entries"] as? [[String: Any]])
            #expect(entries.first?["size"] as? Int == 0)
            #expect(entries.first?["read"] as? String == "anyone")
        }
    }

    /// Issue 24, item 3: a second `card emulate` on the same `--state` is refused at once (exit 2,
    /// naming the holder) instead of waiting and later serving the state it loaded at its start.
    @Test func aSecondEmulatorOnTheSameStateFileIsRefused() async throws {
        try await LiveStack.run {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pbtool-state-lock-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let state = folder.appendingPathComponent("card.json").path
            let first = try EmulatorProcess(port: 35963, arguments: ["--state", state])
            let increment = ["apdu", "send", "--reader", first.reader, "00A4040008F07062746F6F6C01", "8030000004"]
            #expect(try pbtool(increment).standardOutput.contains("= 00 00 00 01"))
            let second = try pbtool(["card", "emulate", "--port", "35964", "--state", state])
            #expect(second.status == 2, "\(second.standardError)")
            #expect(second.standardError.contains("the card state file \(state) is in use by another card emulator (pid \(first.processIdentifier))"),
                    "\(second.standardError)")
            #expect(second.standardOutput.isEmpty)
            #expect(try first.stop().status == 0)
            // Once the first has stopped, the file is free again and holds its last count.
            let third = try EmulatorProcess(port: 35963, arguments: ["--state", state])
            #expect(try pbtool(increment).standardOutput.contains("= 00 00 00 02"))
            #expect(try third.stop().status == 0)
        }
    }

    /// Issue 24, item 2: one changed character inside the base64 of the BioManager's state (where
    /// the admin key is) stops `card emulate` with exit 2 before it attaches; so does an admin key
    /// of a length the card never takes, in a version 1 file (no checksum).
    @Test func aDamagedStateFileIsRefusedBeforeTheCardAttaches() async throws {
        try await LiveStack.run {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pbtool-state-damage-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let state = folder.appendingPathComponent("card.json")
            let emulator = try EmulatorProcess(port: 35963, arguments: ["--state", state.path])
            #expect(try pbtool(["card", "init", "--admin-key", Self.adminKey]).status == 0)
            #expect(try emulator.stop().status == 0)
            var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: state)) as? [String: Any])
            #expect(document["version"] as? Int == 2)
            var applets = try #require(document["applets"] as? [String: String])
            let bioManager = try #require(applets["A00000008400"])
            var characters = Array(bioManager)
            characters[20] = characters[20] == "A" ? "B" : "A"
            applets["A00000008400"] = String(characters)
            document["applets"] = applets
            try JSONSerialization.data(withJSONObject: document).write(to: state)
            let damaged = try pbtool(["card", "emulate", "--state", state.path])
            #expect(damaged.status == 2, "\(damaged.standardError)")
            #expect(damaged.standardError.contains("the card state file \(state.path) is damaged: the checksum does not match"),
                    "\(damaged.standardError)")

            // A version 1 file (no checksum), whose admin key has 3 bytes: checked field by field.
            let original = try #require(Data(base64Encoded: bioManager))
            var decoded = try #require(try JSONSerialization.jsonObject(with: original) as? [String: Any])
            decoded["adminKey"] = [1, 2, 3]
            applets["A00000008400"] = try JSONSerialization.data(withJSONObject: decoded).base64EncodedString()
            let versionOne: [String: Any] = ["format": "pbtool-virtual-card-state", "version": 1, "applets": applets]
            try JSONSerialization.data(withJSONObject: versionOne).write(to: state)
            let shortKey = try pbtool(["card", "emulate", "--state", state.path])
            #expect(shortKey.status == 2, "\(shortKey.standardError)")
            #expect(shortKey.standardError.contains("the admin key is 3 bytes, not 8 to 16"), "\(shortKey.standardError)")
        }
    }
}
