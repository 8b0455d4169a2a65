import APDU
import Foundation
import Testing
import TestSupport
import VirtualCard

/// `pbtool apdu run` through pcscd + vpcd + the virtual card, including the card going away
/// and a card that stops answering.
@Suite(.serialized, .timeLimit(.minutes(15))) struct APDURunLiveTests {
    private typealias Folder = APDURunCommandTests.ScriptFolder

    @Test func conformanceScriptsPassThroughPCSC() async throws {
        try await LiveStack.run {
            let attached = try AttachedVirtualCard.attach()
            defer { try? attached.detach() }
            let outcome = try PBToolProcess.run(["apdu", "run", "--reader", attached.reader, "--tap"]
                                                + APDURunCommandTests.conformanceScripts)
            #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
            #expect(!outcome.standardOutput.contains("not ok"))
        }
    }

    @Test func aMissingReaderIsATransportErrorWithAReport() async throws {
        try await LiveStack.run {
            let folder = try Folder()
            let report = folder.url.appendingPathComponent("junit.xml")
            let script = try folder.write("r.apdu", "test \"one\" { 00 A4 04 00 00 }\ntest \"two\" { 00 A4 04 00 00 }\n")
            let outcome = try PBToolProcess.run(["apdu", "run", "--reader", "No Such Reader", "--junit", report.path, script])
            #expect(outcome.status == 3, "\(outcome.standardError)")
            #expect(outcome.standardOutput.contains("  ERROR one"))
            #expect(outcome.standardOutput.contains("cannot connect to reader \"No Such Reader\": no reader named"))
            #expect(outcome.standardOutput.contains("  SKIP two"))
            let cases = try JUnitCases(Data(contentsOf: report))
            #expect(cases.errors == 1 && cases.skipped == 1)
        }
    }

    @Test func aCardRemovedDuringASleepEndsTheRunWithWhatHadPassed() async throws {
        try await LiveStack.run {
            let folder = try Folder()
            let report = folder.url.appendingPathComponent("junit.xml")
            let script = try folder.write("removed.apdu", """
                test "before" { \(APDURunCommandTests.select) =9000 }
                test "during" {
                  sleep 10s
                  80 32 00 00 04 =9000
                }
                test "after" { 80 32 00 00 04 =9000 }
                """)
            let attached = try AttachedVirtualCard.attach()
            let arguments = ["apdu", "run", "--reader", attached.reader, "--junit", report.path, script]
            let running = try StreamingPBTool(arguments)
            // The card leaves while "during" sleeps, after "before" has passed.
            try running.waitForLine { $0.contains("PASS before") }
            try attached.detach()
            let outcome = try running.waitForExit()
            #expect(outcome.status == 3, "\(outcome.standardOutput)\(outcome.standardError)")
            #expect(outcome.standardOutput.contains("  PASS before"))
            #expect(outcome.standardOutput.contains("  ERROR during"))
            #expect(outcome.standardOutput.contains("  SKIP after"))
            #expect(outcome.standardOutput.contains("The run ended early: \(script):4:3:"))
            #expect(outcome.standardError.contains("pbtool: the run ended early"))
            let cases = try JUnitCases(Data(contentsOf: report))
            #expect(cases.names == ["before", "during", "after"])
            #expect(cases.failures == 0 && cases.errors == 1 && cases.skipped == 1)
        }
    }

    @Test func aCardThatStopsAnsweringTimesOutWithAPartialReport() async throws {
        try await LiveStack.run {
            let folder = try Folder()
            let report = folder.url.appendingPathComponent("junit.xml")
            let script = try folder.write("slow.apdu", """
                test "answers" { 00 A4 04 00 06 F0 73 6C 6F 77 01 00 =9000 }
                test "hangs" { 80 01 00 00 }
                test "never reached" { 80 02 00 00 }
                """)
            let attached = try AttachedVirtualCard.attach(applets: [StallingApplet()])
            defer { try? attached.detach() }
            let outcome = try PBToolProcess.run(["apdu", "run", "--reader", attached.reader, "--timeout", "1",
                                                 "--junit", report.path, "--tap", script])
            #expect(outcome.status == 3, "\(outcome.standardOutput)\(outcome.standardError)")
            let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
            #expect(lines.contains("ok 1 - \(script): answers"))
            #expect(lines.contains("not ok 2 - \(script): hangs"))
            #expect(lines.contains { $0.hasPrefix("ok 3 - \(script): never reached # SKIP") })
            #expect(lines.last == "1..3")
            #expect(outcome.standardError.contains("timed out after 1 s waiting for the answer to 80 01 00 00"))
            let cases = try JUnitCases(Data(contentsOf: report))
            #expect(cases.names == ["answers", "hangs", "never reached"] && cases.errors == 1 && cases.skipped == 1)
        }
    }
}

extension APDURunLiveTests {
    @Test func aPauseLongerThanTheTimeoutIsNotACardOperation() async throws {
        try await LiveStack.run {
            let folder = try Folder()
            let script = try folder.write("pause.apdu", """
                test "before and after a pause" {
                  00 A4 04 00 08 F0 70 62 74 6F 6F 6C 01 00 =9000
                  sleep 1.5s
                  80 32 00 00 04 =9000 len 4
                }
                """)
            let attached = try AttachedVirtualCard.attach()
            defer { try? attached.detach() }
            let outcome = try PBToolProcess.run(["apdu", "run", "--reader", attached.reader, "--timeout", "1", "--tap", script])
            #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
            #expect(outcome.standardOutput.contains("ok 1 - \(script): before and after a pause"))
        }
    }
}

/// An applet that takes 3 s over any command but SELECT: a card that has stopped answering,
/// as far as a 1 s timeout can tell.
final class StallingApplet: Applet {
    var aid: [UInt8] { [0xF0, 0x73, 0x6C, 0x6F, 0x77, 0x01] }

    func process(_ command: CommandAPDU) -> ResponseAPDU {
        Thread.sleep(forTimeInterval: 3)
        return ResponseAPDU(statusWord: .success)
    }
}
