import APDU
import Testing
import TestSupport
import VirtualCard
@testable import APDUScript

/// The runner against the real virtual card (in process) and, for wire-level details, a
/// scripted fake at the `CardChannel` seam.
@Suite struct RunnerTests {
    private let select = ScriptFixtures.selectDemo

    @Test func selectAndTLVChecksPassOnTheDemoApplet() throws {
        let label = Array("pbtool demo".utf8).hexString()
        let result = try run("""
            test "select" {
              \(select) =9000 tlv 6F/84 == F0 70 62 74 6F 6F 6C 01 tlv 6F/A5/50 == \(label) tlv 6F/85 absent
              expect tlv 6F/84 len 8 data 6F 19 84 08 *
            }
            """, on: try ScriptFixtures.demoCard())
        #expect(result.verdict == .passed, "\(result.tests.map(\.failures))")
        #expect(result.tests.map(\.status) == [.passed])
        #expect(result.tests[0].commandCount == 1)
    }

    @Test func getResponseIsAutomaticAndCanBeSwitchedOff() throws {
        let log = EventLog()
        let result = try run("""
            \(select)
            test "automatic" { 80 10 00 00 03 AA BB CC =9000 data AA BB CC }
            test "raw" {
              option getresponse off
              80 10 00 00 03 AA BB CC =6103 len 0
              00 C0 00 00 03 =9000 data AABBCC
            }
            """, on: try ScriptFixtures.demoCard(), observer: log)
        #expect(result.verdict == .passed, "\(result.tests.map(\.failures))")
        let automatic = result.tests[1].trace.map(\.description)
        #expect(automatic.count == 4)
        #expect(automatic[1].hasPrefix("< 61 03"))
        #expect(automatic[2].hasPrefix("> 00 C0 00 00 03  (getResponse)"))
        #expect(result.tests[2].trace.count == 4)
        #expect(log.traces.count == result.tests.reduce(0) { $0 + $1.trace.count })
    }

    @Test func wrongLeIsCorrectedUnlessSwitchedOff() throws {
        let result = try run("""
            \(select)
            80 20 00 10 05 =9000 len 16 data 00 01 02 .. * -> $pattern
            option 6cxx off
            80 20 00 10 05 =6C10 len 0
            80 20 02 00 00 =9000 len 512 data 00 01 02 03
            """, on: try ScriptFixtures.demoCard())
        #expect(result.verdict == .failed)
        let failure = try #require(result.tests.first?.failures.first)
        // READ PATTERN 512 wants more than 4 pattern bytes: the data check names the length.
        #expect(failure.message == "response data does not match: 512 byte(s), the pattern wants 4")
        #expect(failure.location == SourceLocation(file: "t.apdu", line: 5, column: 30))
        let trace = result.tests[0].trace.map(\.description)
        #expect(trace.contains { $0.hasPrefix("> 80 20 00 10 10  (exactLengthResend)") })
        #expect(trace.contains { $0.hasPrefix("> 00 C0 00 00 00  (getResponse)") })
    }

    @Test func errorsStatusWordsAndNegation() throws {
        let result = try run("""
            test "unknown AID" { 00 A4 04 00 05 A0 00 00 00 99 00 =6A82 }
            test "nothing selected" { 80 30 00 00 04 =6D00 }
            test "wrong class" {
              \(select)
              00 30 00 00 04 =6E00 !9000
            }
            test "unknown instruction" { 80 7E 00 00 =6D00|6E00 !9000|61xx }
            """, on: try ScriptFixtures.demoCard())
        #expect(result.tests.map(\.status) == [.passed, .passed, .passed, .passed])
    }

    @Test func aFailedCheckEndsItsTestAndTheNextTestRuns() throws {
        let result = try run("""
            \(select)
            test "fails" {
              80 32 00 00 04 =6A82 data 00 00 00 01
              80 30 00 00 04 =9000
            }
            test "runs" { 80 32 00 00 04 =9000 data 00 00 00 00 }
            """, on: try ScriptFixtures.demoCard())
        #expect(result.tests.map(\.status) == [.passed, .failed, .passed])
        #expect(result.tests[0].identity.name == "top level (line 1)" && result.tests[0].identity.isImplicit)
        let failures = result.tests[1].failures
        #expect(failures.map(\.message) == [
            "expected SW 6A82, got 9000 (Normal processing)",
            "response data does not match: byte 3 is 00",
        ])
        #expect(failures[0].expected == "=6A82" && failures[0].actual == "9000")
        #expect(failures[1].expected == "00 00 00 01" && failures[1].actual == "00 00 00 00")
        #expect(result.tests[1].commandCount == 1)
        #expect(result.verdict == .failed)
    }

    @Test func stopOnFailSkipsTheRest() throws {
        let script = """
            \(select)
            option stop-on-fail on
            test "fails" { 80 32 00 00 04 =6A82 }
            test "skipped" { 80 32 00 00 04 =9000 }
            """
        let result = try run(script, on: try ScriptFixtures.demoCard())
        #expect(result.tests.map(\.status) == [.passed, .failed, .skipped])
        #expect(result.tests[2].failures[0].message == "not run: stop-on-fail after \"fails\" in t.apdu")
        let forced = try run(script.replacingOccurrences(of: "on\n", with: "off\n"), on: try ScriptFixtures.demoCard(),
                             settings: RunSettings(stopOnFail: true))
        #expect(forced.tests.map(\.status) == [.passed, .failed, .skipped])
        let relaxed = try run(script.replacingOccurrences(of: "on\n", with: "off\n"), on: try ScriptFixtures.demoCard())
        #expect(relaxed.tests.map(\.status) == [.passed, .failed, .passed])
    }

    @Test func capturesFeedLaterCommandsAndChecks() throws {
        let result = try run("""
            \(select) -> $aid = tlv 6F/84 -> $fci[0:2]
            test "counter" {
              80 32 00 00 04 =9000 -> $before
              repeat 3 { 80 30 00 00 04 =9000 }
              80 32 00 00 04 =9000 data 00 00 00 03 -> $last[3]
              80 10 00 00 0A $aid $fci 0A data $aid 6F ..
              80 10 00 00 01 $last 01 data 03
              let $both = $before $last
              80 10 00 00 05 $both 05 data 00 00 00 00 03
            }
            """, on: try ScriptFixtures.demoCard())
        #expect(result.verdict == .passed, "\(result.tests.map(\.failures))")
        #expect(result.tests[1].commandCount == 8)
    }

    @Test func aCaptureFromAFailedCommandLeavesTheVariableUnset() throws {
        let result = try run("""
            \(select)
            test "capture fails" { 80 32 00 00 04 =6A82 -> $counter }
            test "uses it" { 80 10 00 00 04 $counter 04 =9000 }
            test "slice too long" { 80 32 00 00 04 -> $short[2:9] }
            """, on: try ScriptFixtures.demoCard())
        #expect(result.tests.map(\.status) == [.passed, .failed, .failed, .failed])
        #expect(result.tests[2].failures[0].message == "$counter has no value: the command that captures it (t.apdu:2:45) did not pass")
        #expect(result.tests[3].failures[0].message == "capture [2:9] into $short needs 9 bytes; the response data has 4")
    }

    @Test func resetsClearTheSessionAndATRsAreChecked() throws {
        let clock = SteppingClock()
        let result = try run("""
            test "atr at connection" { atr 3B 8C 80 01 .. 73 C0 21 * }
            test "warm reset deselects" {
              \(select)
              reset
              80 32 00 00 04 =6D00
            }
            test "cold reset" {
              reset cold
              atr 3B 8x 80 01 80 73 C0 21 C0 56 70 62 74 6F 6F 6C 83
              atr 3B 00 * mask FF 00
              sleep 250ms
            }
            test "wrong atr" { atr 3B 8C 80 02 * }
            """, on: try ScriptFixtures.demoCard(), clock: clock)
        #expect(result.tests.map(\.status) == [.passed, .passed, .passed, .failed])
        #expect(result.tests[3].failures[0].message == "ATR does not match: byte 3 is 01")
        #expect(result.tests[3].failures[0].expected == "3B 8C 80 02 *")
        #expect(clock.sleeps == [.milliseconds(250)])
        #expect(result.tests[1].trace.map(\.description).contains("* reset (warm)"))
        #expect(result.tests[2].trace.map(\.description).contains("* sleep 250.000 ms"))
    }

    @Test func aChannelWithoutResetSupportIsAScriptError() throws {
        let card = ScriptedCard([])
        let result = try run("test \"r\" { reset }", on: card)
        #expect(result.tests[0].status == .error)
        #expect(result.verdict == .scriptError)
        #expect(result.tests[0].failures[0].message == "this card connection cannot reset the card")
    }

    @Test func logicalChannelGoesIntoTheClass() throws {
        let card = ScriptedCard([
            .init("01 A4 04 00 02 3F 00", "90 00"),
            .init("81 CA 00 00 00", "90 00"),
            .init("FF CA 00 00 00", "90 00"),
            .init("40 B0 00 00 01", "AB 90 00"),
            .init("00 B0 00 00 01", "AB 90 00"),
        ])
        let result = try run("""
            channel 1
            00 A4 04 00 02 3F 00 =9000
            80 CA 00 00 00 =9000
            FF CA 00 00 00 =9000
            channel 4
            00 B0 00 00 01 data AB
            channel 0
            01 B0 00 00 01 data AB
            """, on: card)
        #expect(result.verdict == .passed, "\(result.tests.map(\.failures))")
        #expect(card.isFinished)
    }

    @Test func extendedCommandsAreChainedWhenChainingIsOn() throws {
        let data = (0..<300).map { UInt8($0 & 0xFF) }
        let card = ScriptedCard([
            .init(command: [0x10, 0xDA, 0x01, 0x02, 0xFF] + data[0..<255], response: [0x90, 0x00]),
            .init(command: [0x00, 0xDA, 0x01, 0x02, 0x2D] + data[255...], response: [0x90, 0x00]),
            .init(command: [0x00, 0xDA, 0x01, 0x02, 0x00, 0x01, 0x2C] + data, response: [0x90, 0x00]),
        ])
        let line = "00 DA 01 02 00 01 2C " + data.hexString()
        let result = try run("\(line) =9000\noption chaining off\n\(line) =9000", on: card)
        #expect(result.verdict == .passed, "\(result.tests.map(\.failures))")
        #expect(card.isFinished)
        #expect(result.tests[0].trace.first?.text == "300 data bytes sent as a command chain (option chaining on)")
    }

    @Test func secretsAreRedactedUnlessAsked() throws {
        let script = """
            \(select)
            00 20 00 81 04 31 32 33 34
            let $key = ${TEST_KEY}
            80 7E 00 00 04 $key =6D00
            80 10 00 00 02 CA FE 02 =9000
            """
        let environment = ["TEST_KEY": "DE AD BE EF"]
        let hidden = try run(script, on: try ScriptFixtures.demoCard(), environment: environment)
        let text = hidden.tests[0].trace.map(\.description).joined(separator: "\n")
        #expect(text.contains("> 00 20 00 81 04 <redacted 4 bytes>"))
        #expect(text.contains("> 80 7E 00 00 04 <redacted 4 bytes>"))
        #expect(text.contains("> 80 10 00 00 02 CA FE 02"))
        #expect(!text.contains("31 32 33 34") && !text.contains("DE AD BE EF"))
        let shown = try run(script, on: try ScriptFixtures.demoCard(), environment: environment,
                            settings: RunSettings(showsSecrets: true))
        let shownText = shown.tests[0].trace.map(\.description).joined(separator: "\n")
        #expect(shownText.contains("31 32 33 34") && shownText.contains("DE AD BE EF"))
    }

    @Test func environmentIsCheckedBeforeRunning() throws {
        let script = try ScriptFixtures.parse("""
            let $a = ${SET_HEX}
            test "t" { 00 A4 04 00 ${MISSING} data ${NOT_HEX} }
            """)
        let problems = EnvironmentCheck.problems(in: [script], environment: ["SET_HEX": "0102", "NOT_HEX": "zz"])
        #expect(problems.map(\.message) == ["environment variable MISSING is not set",
                                            "environment variable NOT_HEX is not hex: a character at position 1 is not a hex digit"])
        #expect(problems[0].location == SourceLocation(file: "t.apdu", line: 2, column: 24))
    }

    @Test func aMissingEnvironmentValueAtRunTimeIsAScriptError() throws {
        let result = try run("test \"t\" { 00 A4 04 00 ${NOPE} }", on: try ScriptFixtures.demoCard())
        #expect(result.tests[0].status == .error)
        #expect(result.verdict == .scriptError)
    }

    @Test func transportFailureEndsTheRunAndSkipsTheRest() throws {
        let card = ScriptedCard([.init("00 A4 04 00 00", "90 00")])
        let result = try run("""
            test "one" { 00 A4 04 00 00 =9000 }
            test "two" { 00 B0 00 00 00 =9000 }
            test "three" { 00 B0 00 00 00 =9000 }
            """, on: card)
        #expect(result.tests.map(\.status) == [.passed, .error, .skipped])
        #expect(result.verdict == .transportError)
        let failure = try #require(result.transportFailure)
        #expect(failure.location == SourceLocation(file: "t.apdu", line: 2, column: 14))
        #expect(failure.message.contains("exchange 1: expected (end of script)"))
        #expect(result.tests[2].failures[0].message == "not run: the card or its transport failed at t.apdu:2:14")
    }

    @Test func aConnectorFailureIsATransportFailure() throws {
        let connector = FixedConnector(ScriptedCard([]))
        connector.failure = ScriptLoadError(path: "x", reason: "no reader")
        let script = try ScriptFixtures.parse("reader \"Nowhere\"\ntest \"t\" { 00 A4 04 00 }")
        let result = ScriptRunner(connector: connector, environment: [:], clock: SteppingClock()).run([script])
        #expect(result.verdict == .transportError)
        #expect(result.transportFailure?.message.hasPrefix("cannot connect to reader \"Nowhere\":") == true)
        #expect(connector.requestedReaders == ["Nowhere"])
    }

    @Test func readerStatementsAreIgnoredWhenTheReaderIsFixed() throws {
        let connector = FixedConnector(try ScriptFixtures.demoCard())
        let script = try ScriptFixtures.parse("reader \"Other\"\n\(select) =9000")
        let result = ScriptRunner(connector: connector, environment: [:], settings: RunSettings(fixedReader: .named("Mine")),
                                  clock: SteppingClock()).run([script])
        #expect(result.verdict == .passed)
        #expect(connector.requestedReaders == ["Mine"])
        #expect(result.tests[0].trace.first?.text == "reader \"Other\" ignored: the command line chose \"Mine\"")
    }

    @Test func topLevelStatementsWithoutExchangesAreNotReported() throws {
        let result = try run("""
            let $x = 01
            option chaining on
            test "t" { \(select) =9000 }
            test "empty" {}
            sleep 1ms
            """, on: try ScriptFixtures.demoCard())
        #expect(result.tests.map(\.identity.name) == ["t", "empty"])
    }

    @Test func scriptsAreIsolatedButShareTheCard() throws {
        let first = try ScriptFixtures.loader([:]).parse("\(select)\nlet $v = 01\noption getresponse off", file: "a.apdu")
        let second = try ScriptFixtures.loader([:]).parse("test \"sel\" { 80 10 00 00 01 AA =61xx }", file: "b.apdu")
        let result = ScriptRunner(connector: FixedConnector(try ScriptFixtures.demoCard()), environment: [:],
                                  clock: SteppingClock()).run([first, second])
        // The applet stays selected across scripts, but the option does not carry over.
        #expect(result.tests.map(\.status) == [.passed, .failed])
        #expect(result.tests[1].failures[0].actual == "9000")
    }
}

@Suite struct OptionScopeTests {
    @Test func optionsAndChannelInsideATestEndWithIt() throws {
        let card = ScriptedCard([
            .init("00 B0 00 00 05", "61 05"),
            .init("01 B0 00 00 05", "90 00"),
            .init("00 B0 00 00 05", "61 05"),
            .init("00 C0 00 00 05", "01 02 03 04 05 90 00"),
            .init("01 B0 00 00 05", "61 05"),
            .init("01 C0 00 00 05", "01 02 03 04 05 90 00"),
        ])
        let result = try run("""
            test "raw" {
              option getresponse off
              00 B0 00 00 05 =6105
              channel 1
              00 B0 00 00 05 =9000
            }
            test "back to defaults" { 00 B0 00 00 05 =9000 len 5 }
            channel 1
            test "top-level settings carry on" { 00 B0 00 00 05 =9000 len 5 }
            """, on: card)
        #expect(result.tests.map(\.status) == [.passed, .passed, .passed], "\(result.tests.map(\.failures))")
        #expect(card.isFinished)
    }
}

@Suite struct IncludedTestsTests {
    @Test func testsInATopLevelIncludeAreReportedUnderTheMainScript() throws {
        let files = ["shared/select.apdu": "test \"select\" { \(ScriptFixtures.selectDemo) =9000 }\nlet $n = 01"]
        let result = try run("""
            include "shared/select.apdu"
            test "uses the include's variable" { 80 10 00 00 01 $n 01 data $n }
            """, on: try ScriptFixtures.demoCard(), files: files)
        #expect(result.tests.map(\.identity.name) == ["select", "uses the include's variable"])
        #expect(result.tests.map(\.status) == [.passed, .passed])
        #expect(result.tests[0].identity.file == "t.apdu")
        #expect(result.tests[0].identity.location == SourceLocation(file: "shared/select.apdu", line: 1, column: 1))
    }
}
