import Foundation
import Testing
import TestSupport

/// `pbtool apdu import`: legacy scripts in, runnable pbtool scripts out.
@Suite(.timeLimit(.minutes(15))) struct APDUImportCommandTests {
    private typealias Folder = APDURunCommandTests.ScriptFolder

    @Test func scriptorFileConvertsAndRuns() throws {
        let folder = try Folder()
        let legacy = try folder.write("legacy.txt", "# demo\nreset\n00A4040008F07062746F6F6C0100\n80 30 00 00 04 # reset\n")
        let out = folder.url.appendingPathComponent("converted.apdu").path
        let outcome = try PBToolProcess.run(["apdu", "import", legacy, "--out", out])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("pbtool: note: \(legacy):line 4: scriptor resets on any line containing \"reset\""))
        let converted = try String(contentsOfFile: out, encoding: .utf8)
        #expect(converted.contains("\nreset\n00 A4 04 00 08 F0 70 62 74 6F 6F 6C 01 00\nreset\n"))
        let run = try PBToolProcess.run(["apdu", "run", "--emulate", out])
        #expect(run.status == 0, "\(run.standardOutput)")
    }

    @Test func unreadableLegacyFilesSayWhy() throws {
        let folder = try Folder()
        let latin1 = folder.url.appendingPathComponent("latin1.scr")
        try Data([0x2F, 0x2F, 0x20, 0xE9, 0x0A, 0x70, 0x6F, 0x77, 0x65, 0x72, 0x75, 0x70, 0x3B, 0x0A]).write(to: latin1)
        let notText = try PBToolProcess.run(["apdu", "import", "--format", "apdutool", latin1.path])
        #expect(notText.status == 2)
        #expect(notText.standardError.contains("cannot read \"\(latin1.path)\": not UTF-8 text"))
        let aFolder = try PBToolProcess.run(["apdu", "import", "--format", "apdutool", folder.url.path])
        #expect(aFolder.status == 2)
        #expect(aFolder.standardError.contains("a folder, not a script file"))
    }

    @Test func apdutoolFileTakesExpectationsFromItsGoldenOutput() throws {
        let folder = try Folder()
        let legacy = try folder.write("wallet.scr", """
            powerup;
            0x00 0xA4 0x04 0x00 0x08 0xF0 0x70 0x62 0x74 0x6F 0x6F 0x6C 0x01 0x7F;
            0x80 0x32 0x00 0x00 0x00 0x04;
            powerdown;
            """)
        _ = try folder.write("wallet.scr.expected.out", """
            CLA: 00, INS: a4, P1: 04, P2: 00, Lc: 08, f0, 70, 62, 74, 6f, 6f, 6c, 01, Le: 1b, 6f, 19, 84, 08, f0, 70, 62, 74, 6f, 6f, 6c, 01, a5, 0d, 50, 0b, 70, 62, 74, 6f, 6f, 6c, 20, 64, 65, 6d, 6f, SW1: 90, SW2: 00
            CLA: 80, INS: 32, P1: 00, P2: 00, Lc: 00, Le: 04, 00, 00, 00, 00, SW1: 90, SW2: 00
            """)
        let outcome = try PBToolProcess.run(["apdu", "import", legacy])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("80 32 00 00 04 =9000 data 00 00 00 00\n"))
        let converted = try folder.write("wallet.apdu", outcome.standardOutput)
        let run = try PBToolProcess.run(["apdu", "run", "--emulate", converted])
        #expect(run.status == 0, "\(run.standardOutput)")
        let json = try PBToolProcess.run(["apdu", "import", "--json", legacy])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(report["format"] as? String == "apdutool")
        #expect((report["notes"] as? [String])?.count == 1)
    }

    @Test func aBrokenLegacyFileIsAUsageErrorWithItsPlace() throws {
        let folder = try Folder()
        let legacy = try folder.write("bad.scr", "powerup;\n0x00 0xA4 0xZZ 0x00 0x00 0x00;\n")
        let outcome = try PBToolProcess.run(["apdu", "import", legacy])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("\(legacy):2:11: error: '0xZZ' is not a byte"))
        let missing = try PBToolProcess.run(["apdu", "import", folder.url.appendingPathComponent("none").path])
        #expect(missing.status == 2)
    }
}
