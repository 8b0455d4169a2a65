import Testing
import TestSupport
@testable import APDUScript

@Suite struct ImporterTests {
    @Test func scriptorFilesFollowScriptorsLineRules() throws {
        let imported = try ScriptorImporter.convert("""
            # select the demo applet
            reset
            00A4040008F07062746F6F6C0100

            80 32 00 00 \\
              04
            00 B0 00 00 10 # reset here too
            exit
            00 B0 00 00 20
            """, file: "legacy.txt")
        let lines = imported.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines[2...]) == [
            "# select the demo applet",
            "reset",
            "00 A4 04 00 08 F0 70 62 74 6F 6F 6C 01 00",
            "",
            "80 32 00 00 04",
            "reset",
            "# (scriptor stopped here, line 8: exit)",
            "",
        ])
        #expect(imported.notes == [.init(line: 7, message: "scriptor resets on any line containing \"reset\"; converted to a plain reset")])
        let script = try ScriptFixtures.parse(imported.text)
        #expect(script.statements.count == 4)
    }

    @Test func scriptorExitInsideACommentStillStops() throws {
        let imported = try ScriptorImporter.convert("# how to exit\n00 A4 04 00\n", file: "x")
        #expect(!imported.text.contains("00 A4 04 00"))
        #expect(imported.notes.first?.message.contains("scriptor stops at any line containing \"exit\"") == true)
    }

    @Test func scriptorNotesForOddLines() throws {
        let imported = try ScriptorImporter.convert("  # indented\n00 A4 0400 00\n80 32 \\", file: "x")
        #expect(imported.notes.map(\.line) == [1, 2, 3])
        #expect(imported.text.contains("00 A4 04 00 00"))
    }

    @Test func scriptorErrorsNameTheColumn() {
        #expect(throws: ScriptSyntaxError.self) { try ScriptorImporter.convert("00 A4 0G 00", file: "x") }
        do {
            _ = try ScriptorImporter.convert("\n00 A4 zz 00", file: "bad.txt")
        } catch let error as ScriptSyntaxError {
            #expect(error.location == SourceLocation(file: "bad.txt", line: 2, column: 7))
            #expect(error.message == "scriptor would send this line, but 'zz' is not hex")
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(throws: ScriptSyntaxError.self) { try ScriptorImporter.convert("00 A4 0", file: "x") }
    }

    /// Found by the `apdu-script-import` fuzz target: scriptor sends any bytes, but the
    /// converted script must parse, so a line whose Lc disagrees with its data is refused at
    /// import, naming the line, instead of producing a script the parser then rejects.
    @Test func scriptorLinesThatAreNoCommandAreRefusedAtImport() throws {
        let text = "# select\nreset\n00A4040002F07062746F6F6C0100\n"
        do {
            let imported = try ScriptorImporter.convert(text, file: "legacy.txt")
            Issue.record("imported a malformed APDU: \(imported.text)")
        } catch let error as ScriptSyntaxError {
            #expect(error.location.line == 3)
            #expect(error.message.hasPrefix("scriptor would send this APDU, but it is not a well-formed command: "), "\(error.message)")
            #expect(error.message.contains("Lc = 2"), "\(error.message)")
        }
        let continued = try ScriptorImporter.convert("00 A4 04 00 \\\n 02 AA BB\n", file: "x")
        #expect(try ScriptFixtures.parse(continued.text).statements.count == 1)
    }

    static let wallet = """
        // Wallet sample, shortened
        powerup;
        // select
        0x00 0xA4 0x04 0x00 0x08 0xF0 0x70 0x62 0x74 0x6F 0x6F 0x6C 0x01 0x7F;
        /* read the
           counter */
        0x80 0x32 0x00 0x00 0x00 0x04;
        0x80 0x10 0x00 0x00 2 170 187 0x00;
        delay 250;
        echo "done";
        output off;
        powerdown;
        """

    static let walletOutput = """
        Java Card 3 APDU Tool
        CLA: 00, INS: a4, P1: 04, P2: 00, Lc: 08, f0, 70, 62, 74, 6f, 6f, 6c, 01, Le: 00, SW1: 61, SW2: 1b
        CLA: 80, INS: 32, P1: 00, P2: 00, Lc: 00, Le: 04, 00, 00, 00, 00, SW1: 90, SW2: 00
        CLA: 80, INS: 10, P1: 00, P2: 00, Lc: 02, aa, bb, Le: 02, aa, bb, SW1: 90, SW2: 00
        """

    @Test func apdutoolScriptsConvertWithDirectives() throws {
        let imported = try APDUToolImporter.convert(Self.wallet, file: "wallet.scr")
        let lines = imported.text.split(separator: "\n").map(String.init)
        #expect(Array(lines[2...]) == [
            "# Wallet sample, shortened",
            "reset cold",
            "# select",
            "00 A4 04 00 08 F0 70 62 74 6F 6F 6C 01 7F",
            "# read the",
            "# counter",
            "80 32 00 00 04",
            "80 10 00 00 02 AA BB",
            "sleep 250ms",
            "# done",
            "# output off",
            "# powerdown",
        ])
        #expect(imported.notes.map(\.line) == [11, 12])
        _ = try ScriptFixtures.parse(imported.text)
    }

    @Test func apdutoolGoldenOutputBecomesExpectations() throws {
        let imported = try APDUToolImporter.convert(Self.wallet, file: "wallet.scr", expectedOutput: Self.walletOutput)
        #expect(imported.text.contains("00 A4 04 00 08 F0 70 62 74 6F 6F 6C 01 7F =611B len 0\n"))
        #expect(imported.text.contains("80 32 00 00 04 =9000 data 00 00 00 00\n"))
        #expect(imported.text.contains("80 10 00 00 02 AA BB =9000 data AA BB\n"))
        #expect(imported.notes.map(\.line) == [11, 12])
        let partial = try APDUToolImporter.convert(Self.wallet, file: "wallet.scr",
                                                   expectedOutput: String(Self.walletOutput.split(separator: "\n")[1]))
        #expect(partial.notes.last?.message.contains("the golden output has 1 answers for 3 commands") == true)
    }

    @Test func apdutoolConvertedScriptRunsOnTheVirtualCard() throws {
        let imported = try APDUToolImporter.convert(Self.wallet.replacingOccurrences(of: "0x01 0x7F;", with: "0x01 0x00;"),
                                                    file: "wallet.scr")
        let result = try run(imported.text.replacingOccurrences(of: "80 32 00 00 04", with: "80 32 00 00 04 =9000"),
                             on: try ScriptFixtures.demoCard())
        #expect(result.verdict == .passed, "\(result.tests.map(\.failures))")
    }

    @Test(arguments: [
        ("0x00 0xA4 0x04 0x00 0x02 0x3F;", 1, 21, "LC is 2, so 2 data bytes and LE should follow; found 1"),
        ("powerup;\n0x00 0xZZ 0x00 0x00 0x00 0x00;", 2, 6, "'0xZZ' is not a byte"),
        ("0x00 256 0x00 0x00 0x00 0x00;", 1, 6, "'256' is not a byte"),
        ("0x00 0xA4;", 1, 1, "a command needs CLA INS P1 P2 LC [data] LE; found 2 byte(s)"),
        ("powerup;\n0x00 0xA4 0x00 0x00 0x00 0x00", 2, 1, "statement not terminated: add ';'"),
        ("/* open", 1, 1, "comment not closed"),
        ("reboot;", 1, 1, "unknown apdutool directive 'reboot'"),
        ("delay soon;", 1, 1, "expected 'delay <milliseconds>;'"),
        ("delay 600001;", 1, 7, "delay 600001 ms is longer than the 600 s a sleep may last"),
        ("delay 2508888888888881250;", 1, 7, "delay 2508888888888881250 ms is longer than the 600 s a sleep may last"),
        ("echo \"abc;", 1, 6, "unterminated string"),
    ])
    func apdutoolErrorsNameThePlace(_ text: String, _ line: Int, _ column: Int, _ message: String) {
        do {
            _ = try APDUToolImporter.convert(text, file: "x.scr")
            Issue.record("\(text) should not convert")
        } catch let error as ScriptSyntaxError {
            #expect(error.message.hasPrefix(message), "\(error.message)")
            #expect(error.location == SourceLocation(file: "x.scr", line: line, column: column))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func formatDetection() {
        #expect(LegacyScriptFormat.detect(Self.wallet) == .apdutool)
        #expect(LegacyScriptFormat.detect("# c\nreset\n00A40400\n") == .scriptor)
        #expect(LegacyScriptFormat.detect("\n0x00 0xA4 0x00 0x00\n   0x00 0x00;") == .apdutool)
    }
}
