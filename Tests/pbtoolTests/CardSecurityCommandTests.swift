import Foundation
import PCSC
import Testing
import TestSupport
import VirtualCard

/// What the card promises a security-minded administrator (issue 24), through the built `pbtool`,
/// pcscd and vpcd, against the virtual card in this process.
@Suite(.serialized, .timeLimit(.minutes(15))) struct CardSecurityCommandTests {
    private typealias Bench = CardEdgeCommandBench

    /// `card init` with the test admin key, `card enroll` of the right index, and `idstore put`
    /// of the secret as "vpn", readable by a finger only.
    private func personalise(_ templates: CardEdgeTemplates) throws {
        try Bench.initialiseAndEnroll(templates)
        let put = try Bench.pbtool(["idstore", "put", "vpn", "--from", templates.secret, "--access", "finger",
                                    "--admin-key", Bench.adminKey])
        #expect(put.status == 0, "\(put.standardError)")
    }

    /// Issue 24, item 1: SELECT BioManager, VERIFY KEY (admin), SELECT IDStore, SET ACCESS to
    /// anyone, READ — sent with `apdu send` — no longer hands out a finger-only secret.
    @Test func theAdminKeyCannotOpenAFingerOnlyEntry() async throws {
        try await LiveStack.run {
            let fixture = try CardEdgeFixture()
            defer { fixture.close() }
            let (attached, templates) = (fixture.attached, fixture.templates)
            try personalise(templates)
            // Keeps the card powered between commands, so the admin key stays verified (docs/card.md).
            let holder = try PCSCContext().connect(to: attached.reader)
            defer { try? holder.disconnect(.leave) }
            let attack = try Bench.pbtool(["apdu", "send", "--json", "00A4040C06A00000008400", "B046010010" + Bench.adminKey,
                                     "00A4040C06A00000008403", "B05A010001FF", "B0540100FA"])
            #expect(attack.status == 0, "\(attack.standardError)")
            let exchanges = try #require(try Bench.json(attack.standardOutput)["exchanges"] as? [[String: Any]])
            let statusWords = exchanges.compactMap { $0["sw"] as? String }
            #expect(statusWords.suffix(2) == ["9000", "6A82"], "\(attack.standardOutput)")
            #expect(!attack.standardOutput.contains("hunter2"))
            #expect(exchanges.last?["data"] as? String == "")
            let get = try Bench.pbtool(["idstore", "get", "vpn"])
            #expect(get.status == 2, "\(get.standardError)")
            #expect(get.standardOutput.isEmpty)
            let entries = try #require(try Bench.json(try Bench.pbtool(["idstore", "list", "--json"]).standardOutput)["entries"] as? [[String: Any]])
            #expect(entries.first?["size"] as? Int == 0)
            #expect(entries.first?["read"] as? String == "anyone")
        }
    }

    /// Issue 24, item 3: a second `card emulate` on the same `--state` is refused at once (exit 2,
    /// naming the holder) instead of waiting and later serving the state it loaded at its start.
    @Test func aSecondEmulatorOnTheSameStateFileIsRefused() async throws {
        try await LiveStack.run {
            let folder = try ScratchDirectory("state-lock")
            defer { folder.remove() }
            let state = folder.path("card.json")
            let first = try EmulatorProcess(port: 35963, arguments: ["--state", state])
            let increment = ["apdu", "send", "--reader", first.reader, "00A4040008F07062746F6F6C01", "8030000004"]
            #expect(try Bench.pbtool(increment).standardOutput.contains("= 00 00 00 01"))
            let second = try Bench.pbtool(["card", "emulate", "--port", "35964", "--state", state])
            #expect(second.status == 2, "\(second.standardError)")
            #expect(second.standardError.contains("the card state file \(state) is in use by another card emulator (pid \(first.processIdentifier))"),
                    "\(second.standardError)")
            #expect(second.standardOutput.isEmpty)
            #expect(try first.stop().status == 0)
            // Once the first has stopped, the file is free again and holds its last count.
            let third = try EmulatorProcess(port: 35963, arguments: ["--state", state])
            #expect(try Bench.pbtool(increment).standardOutput.contains("= 00 00 00 02"))
            #expect(try third.stop().status == 0)
        }
    }

    /// Issue 24, item 2: one changed character inside the base64 of the BioManager's state (where
    /// the admin key is) stops `card emulate` with exit 2 before it attaches; so does an admin key
    /// of a length the card never takes, in a version 1 file (no checksum).
    @Test func aDamagedStateFileIsRefusedBeforeTheCardAttaches() async throws {
        try await LiveStack.run {
            let folder = try ScratchDirectory("state-damage")
            defer { folder.remove() }
            let state = folder.url.appendingPathComponent("card.json")
            let emulator = try EmulatorProcess(port: 35963, arguments: ["--state", state.path])
            #expect(try Bench.pbtool(["card", "init", "--admin-key", Bench.adminKey]).status == 0)
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
            let damaged = try Bench.pbtool(["card", "emulate", "--state", state.path])
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
            let shortKey = try Bench.pbtool(["card", "emulate", "--state", state.path])
            #expect(shortKey.status == 2, "\(shortKey.standardError)")
            #expect(shortKey.standardError.contains("the admin key is 3 bytes, not 8 to 16"), "\(shortKey.standardError)")
        }
    }

    /// Issue 24, item 4: `apdu run` traces, failure messages and `--junit` reports hide the data of
    /// BioManager VERIFY KEY and CHANGE KEY and IDStore READ answers; the report is 0600.
    @Test func apduRunHidesCardEdgeKeysAndIDStoreData() async throws {
        try await LiveStack.run {
            let fixture = try CardEdgeFixture()
            defer { fixture.close() }
            let (attached, templates) = (fixture.attached, fixture.templates)
            try personalise(templates)
            #expect(try Bench.pbtool(["idstore", "put", "pub", "--from", templates.secret, "--access", "anyone",
                                "--admin-key", Bench.adminKey]).status == 0)
            let newKey = "F0E1D2C3B4A5968778695A4B3C2D1E0F"
            let script = templates.directory.appendingPathComponent("keys.apdu")
            try Data("""
                test "keys and data" {
                  00 A4 04 00 06 A0 00 00 00 84 00  =9000
                  B0 46 01 00 10 \(Bench.adminKey)  =9000
                  B0 44 01 00 10 \(newKey)  =9000
                  00 A4 04 00 06 A0 00 00 00 84 03  =9000
                  B0 54 02 00 FA  =9000 data 00 *
                }

                """.utf8).write(to: script)
            let report = templates.directory.appendingPathComponent("junit.xml")
            let run = try Bench.pbtool(["apdu", "run", "--reader", attached.reader, "--verbose", "--junit", report.path, script.path])
            #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
            #expect(run.standardOutput.contains("<redacted 16 bytes>"), "\(run.standardOutput)")
            #expect(run.standardOutput.contains("<redacted 13 bytes>"), "\(run.standardOutput)")
            #expect(run.standardOutput.contains("the hidden response data fails the check"), "\(run.standardOutput)")
            let junit = try String(contentsOf: report, encoding: .utf8)
            let secret = Array("vpn: hunter2\n".utf8)
            for output in [run.standardOutput + run.standardError, junit] {
                for key in [Bench.adminKey, newKey, secret.hexString(separator: "")] {
                    let bytes = try [UInt8](hex: key)
                    #expect(!output.contains(bytes.hexString()) && !output.contains(key), "\(key) in \(output)")
                }
                #expect(!output.contains("hunter2"))
            }
            let mode = try FileManager.default.attributesOfItem(atPath: report.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
        }
    }

    /// Issue 24, item 4: a malformed admin key, given either way, is named by where it goes wrong,
    /// never echoed.
    @Test func aMalformedAdminKeyIsNeverEchoed() async throws {
        try await LiveStack.run {
            let fixture = try CardEdgeFixture()
            defer { fixture.close() }
            let templates = fixture.templates
            let typo = "00112233445566778899AABBCCDDEEFG"
            let enroll = ["card", "enroll", "--finger", "right-index", "--template", templates.reference]
            let byOption = try Bench.pbtool(enroll + ["--admin-key", typo])
            #expect(byOption.status == 2)
            #expect(byOption.standardError.contains("the admin key in --admin-key is not hex: character 32 is not a hex digit"),
                    "\(byOption.standardError)")
            let byEnvironment = try Bench.pbtool(enroll, environment: ["PBTOOL_ADMIN_KEY": "0x0011 2233 44G5"])
            #expect(byEnvironment.status == 2)
            #expect(byEnvironment.standardError.contains("the admin key in PBTOOL_ADMIN_KEY is not hex: character 15 is not a hex digit"),
                    "\(byEnvironment.standardError)")
            let short = try Bench.pbtool(["card", "init", "--admin-key", "0011223"])
            #expect(short.status == 2)
            #expect(short.standardError.contains("an odd number of hex digits (7)"), "\(short.standardError)")
            for outcome in [byOption, byEnvironment, short] {
                #expect(!outcome.standardError.contains("0011") && !outcome.standardError.contains("G"), "\(outcome.standardError)")
            }
            #expect(try Bench.pbtool(["card", "status"]).standardOutput.contains("life cycle virgin"))
        }
    }

    /// Issue 24, item 5: `idstore get` opens admin-readable entries with `--admin-key` or
    /// `PBTOOL_ADMIN_KEY`, leaves the key unverified afterwards, and never spends a key try on a
    /// finger-only entry.
    @Test func idstoreGetTakesTheAdminKeyForAdminEntries() async throws {
        try await LiveStack.run {
            let fixture = try CardEdgeFixture()
            defer { fixture.close() }
            let (attached, templates) = (fixture.attached, fixture.templates)
            try personalise(templates)
            let holder = try PCSCContext().connect(to: attached.reader)
            defer { try? holder.disconnect(.leave) }
            #expect(try Bench.pbtool(["idstore", "put", "codes", "--from", templates.secret, "--access", "admin",
                                "--admin-key", Bench.adminKey]).status == 0)
            let denied = try Bench.pbtool(["idstore", "get", "codes"])
            #expect(denied.status == 10)
            #expect(denied.standardError.contains("give the admin key (--admin-key or PBTOOL_ADMIN_KEY)"), "\(denied.standardError)")
            let byOption = try Bench.pbtool(["idstore", "get", "codes", "--admin-key", Bench.adminKey])
            #expect(byOption.status == 0, "\(byOption.standardError)")
            #expect(byOption.standardOutput == "vpn: hunter2\n")
            let byEnvironment = try Bench.pbtool(["idstore", "get", "codes"], environment: ["PBTOOL_ADMIN_KEY": Bench.adminKey])
            #expect(byEnvironment.standardOutput == "vpn: hunter2\n", "\(byEnvironment.standardError)")
            let status = try Bench.json(try Bench.pbtool(["card", "status", "--json"]).standardOutput)
            let bioManager = (status["edges"] as? [String: Any])?["biomanager"] as? [String: Any]
            #expect(bioManager?["adminKeyVerified"] as? Bool == false, "the key does not outlive the command")
            let fingerOnly = try Bench.pbtool(["idstore", "get", "vpn", "--admin-key", "FFEEDDCCBBAA99887766554433221100"])
            #expect(fingerOnly.status == 10)
            #expect(fingerOnly.standardError.contains("verify a finger first"), "\(fingerOnly.standardError)")
            #expect(!fingerOnly.standardError.contains("admin key"), "\(fingerOnly.standardError)")
            let wrongKey = try Bench.pbtool(["idstore", "get", "codes", "--admin-key", "FFEEDDCCBBAA99887766554433221100"])
            #expect(wrongKey.status == 10)
            #expect(wrongKey.standardError.contains("wrong admin key; 4 tries left"), "\(wrongKey.standardError)")
            #expect(try Bench.pbtool(["idstore", "get", "codes", "--admin-key", Bench.adminKey, "--finger", "right-index",
                                "--template", templates.probe]).status == 2)
        }
    }

    /// Issue 24, item 7: with two cards present, commands that change a card for good refuse to
    /// pick "the first reader with a card" and list the readers; `--reader` settles it.
    @Test func irreversibleCommandsRefuseToGuessBetweenTwoCards() async throws {
        try await LiveStack.run {
            let first = try Bench.attach()
            defer { try? first.detach() }
            let second = try Bench.attach(port: 35964)
            defer { try? second.detach() }
            let templates = try CardEdgeTemplates()
            defer { templates.remove() }
            let key = ["--admin-key", Bench.adminKey]
            let commands: [[String]] = [
                ["card", "init"] + key,
                ["card", "enroll", "--finger", "right-index", "--template", templates.reference] + key,
                ["card", "unblock", "--finger", "right-index"] + key,
                ["card", "delete", "--finger", "right-index"] + key,
                ["idstore", "put", "vpn", "--from", templates.secret, "--access", "finger"] + key,
                ["idstore", "delete", "vpn"] + key,
            ]
            for command in commands {
                let refused = try Bench.pbtool(command)
                #expect(refused.status == 2, "\(command): \(refused.standardError)")
                #expect(refused.standardError.contains("2 readers hold a card and \(command[0]) \(command[1]) changes the card for good: "
                                                       + "name one with --reader (readers: \"\(first.reader)\", \"\(second.reader)\")"),
                        "\(command): \(refused.standardError)")
            }
            for reader in [first.reader, second.reader] {
                #expect(try Bench.pbtool(["card", "status", "--reader", reader]).standardOutput.contains("life cycle virgin"))
            }
            #expect(try Bench.pbtool(["card", "init", "--reader", second.reader] + key).status == 0)
            #expect(try Bench.pbtool(["card", "status", "--reader", second.reader]).standardOutput.contains("life cycle operational"))
            #expect(try Bench.pbtool(["card", "status", "--reader", first.reader]).standardOutput.contains("life cycle virgin"))
        }
    }

    /// Issue 24, item 6: a directory with no room for one more name is named as such (exit 12)
    /// before any data moves, so no unnamed container is left behind.
    @Test func aFullDirectoryIsNamedAndLeavesNoUnnamedData() async throws {
        try await LiveStack.run {
            let fixture = try CardEdgeFixture()
            defer { fixture.close() }
            let templates = fixture.templates
            #expect(try Bench.pbtool(["card", "init", "--admin-key", Bench.adminKey]).status == 0)
            // 64-byte names take 71 directory bytes each: 14 fit in 1024, a 15th would need 1065.
            let names = (1...15).map { String(format: "%02d", $0) + String(repeating: "n", count: 62) }
            for name in names.dropLast() {
                let put = try Bench.pbtool(["idstore", "put", name, "--from", templates.secret, "--access", "anyone", "--admin-key", Bench.adminKey])
                #expect(put.status == 0, "\(put.standardError)")
            }
            let full = try Bench.pbtool(["idstore", "put", names[14], "--from", templates.secret, "--access", "anyone", "--admin-key", Bench.adminKey])
            #expect(full.status == 12, "\(full.standardError)")
            #expect(full.standardError.contains("directory (container 0) has no room for another name (it would take 1065 of its 1024 bytes)"),
                    "\(full.standardError)")
            let entries = try #require(try Bench.json(try Bench.pbtool(["idstore", "list", "--json"]).standardOutput)["entries"] as? [[String: Any]])
            #expect(entries.count == 14)
            #expect(entries.allSatisfy { $0["name"] is String }, "no unnamed container")
        }
    }

    /// Issue 24, item 6: the fifth wrong admin key says the key is now blocked for good (exit 4),
    /// not "0 tries left".
    @Test func theFifthWrongAdminKeySaysItIsBlockedForGood() async throws {
        try await LiveStack.run {
            let attached = try Bench.attach()
            defer { try? attached.detach() }
            #expect(try Bench.pbtool(["card", "init", "--admin-key", Bench.adminKey]).status == 0)
            let wrong = ["card", "unblock", "--finger", "right-index", "--admin-key", "FFEEDDCCBBAA99887766554433221100"]
            for left in (1...4).reversed() {
                let outcome = try Bench.pbtool(wrong)
                #expect(outcome.status == 10)
                #expect(outcome.standardError.contains("wrong admin key; \(left) \(left == 1 ? "try" : "tries") left"), "\(outcome.standardError)")
            }
            let fifth = try Bench.pbtool(wrong)
            #expect(fifth.status == 4, "\(fifth.standardError)")
            #expect(fifth.standardError.contains("wrong admin key; the admin key is now blocked for good (no command unblocks it)"),
                    "\(fifth.standardError)")
            #expect(!fifth.standardError.contains("0 tries left"))
        }
    }
}
