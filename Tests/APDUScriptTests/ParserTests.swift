import APDU
import Testing
@testable import APDUScript

@Suite struct ParserTests {
    private func commands(_ statements: [Statement]) -> [CommandStep] {
        statements.flatMap { statement -> [CommandStep] in
            switch statement.kind {
            case .command(let step): [step]
            case .test(_, let body), .repeatBlock(_, let body), .include(_, let body): commands(body)
            default: []
            }
        }
    }

    @Test func spacedAndPackedHexGiveTheSameCommand() throws {
        let script = try ScriptFixtures.parse("""
            00 A4 04 00 02 3F 00
            00A40400023F00
            0x00 0xA4 04 00 02 3f00
            """)
        let steps = commands(script.statements)
        #expect(steps.count == 3)
        #expect(steps.allSatisfy { $0.literal?.bytes == [0x00, 0xA4, 0x04, 0x00, 0x02, 0x3F, 0x00] })
    }

    @Test func commentsAnywhereAndLineContinuation() throws {
        let script = try ScriptFixtures.parse("""
            # a comment
            // another
            00 A4 04 00 \\
               02 3F 00   # trailing comment
            00 B0 00 00 10 // slashes too
            """)
        let steps = commands(script.statements)
        #expect(steps.map { $0.literal?.bytes.count } == [7, 5])
        #expect(script.statements[0].location == SourceLocation(file: "t.apdu", line: 3, column: 1))
        #expect(script.statements[1].location.line == 5)
    }

    @Test func statusExpectations() throws {
        let script = try ScriptFixtures.parse("00 20 00 81 =9000|63Cx !6983")
        let checks = commands(script.statements)[0].expectations
        guard case .status(let accepted) = checks[0].kind, case .status(let refused) = checks[1].kind else {
            Issue.record("expected two status checks")
            return
        }
        #expect(accepted.accepts(0x9000) && accepted.accepts(0x63C2) && !accepted.accepts(0x6983) && !accepted.accepts(0x6302))
        #expect(!refused.accepts(0x6983) && refused.accepts(0x9000))
        #expect(accepted.description == "=9000|63Cx")
        #expect(checks[1].location.column == 24)
    }

    @Test func dataPatternsWithWildcards() throws {
        let script = try ScriptFixtures.parse("00 CA 00 00 00 data 6F .. 84 ?? 8x ?0 * len 4..300")
        let checks = commands(script.statements)[0].expectations
        guard case .data(let pattern) = checks[0].kind, case .length(let range) = checks[1].kind else {
            Issue.record("expected data and len checks")
            return
        }
        let masked = pattern.resolved { _ in [] }
        #expect(masked.values == [0x6F, 0x00, 0x84, 0x00, 0x80, 0x00])
        #expect(masked.masks == [0xFF, 0x00, 0xFF, 0x00, 0xF0, 0x0F])
        #expect(masked.allowsMore)
        #expect(masked.matches([0x6F, 0x12, 0x84, 0x99, 0x8A, 0x50, 0x01, 0x02]))
        #expect(!masked.matches([0x6F, 0x12, 0x84, 0x99, 0x7A, 0x50]))
        #expect(range == LengthRange(minimum: 4, maximum: 300))
        #expect(masked.description == "6F .. 84 .. 8x x0 *")
    }

    @Test func packedPatternsAndExactLength() throws {
        let script = try ScriptFixtures.parse("00 CA 00 00 00 data 6F..84?? len 4")
        guard case .data(let pattern) = commands(script.statements)[0].expectations[0].kind else {
            Issue.record("expected a data check")
            return
        }
        let masked = pattern.resolved { _ in [] }
        #expect(!masked.allowsMore && masked.values.count == 4)
        #expect(!masked.matches([0x6F, 0, 0x84, 0, 0]))
    }

    @Test func tlvChecks() throws {
        let script = try ScriptFixtures.parse("""
            00 A4 04 00 08 F0 70 62 74 6F 6F 6C 01 00 tlv 6F/84 == F0 70 62 * tlv 6F/A5/50 present
            expect tlv 6F/85 absent tlv 6F/84 len 8 tlv 7F61/7F60[1]/A1/87 == 0101
            """)
        let checks = commands(script.statements)[0].expectations
        #expect(checks.count == 5)
        #expect(checks.map(\.text) == ["tlv 6F/84 == F0 70 62 *", "tlv 6F/A5/50 present", "tlv 6F/85 absent",
                                       "tlv 6F/84 len 8", "tlv 7F61/7F60[1]/A1/87 == 01 01"])
        #expect(checks[2].location == SourceLocation(file: "t.apdu", line: 2, column: 8))
    }

    @Test func blocksResetATROptionsAndMore() throws {
        let script = try ScriptFixtures.parse("""
            READER "Virtual PCD 00 00"
            Reset
            reset cold
            reset WARM
            atr 3B 8C 80 01 * mask FF FF F0
            option getresponse off
            option 6CXX on
            option stop-on-fail on
            option chaining off
            channel 2
            sleep 250ms
            sleep 1.5s
            sleep 2 s
            test "first" {
              repeat 3 times { 80 30 00 00 04 =9000 }
            }
            """)
        let kinds = script.statements.map(\.kind)
        guard case .reader("Virtual PCD 00 00") = kinds[0], case .reset(cold: false) = kinds[1],
              case .reset(cold: true) = kinds[2], case .reset(cold: false) = kinds[3],
              case .atr(let atr) = kinds[4], case .option(.getResponse, enabled: false) = kinds[5],
              case .option(.exactLength, enabled: true) = kinds[6], case .option(.stopOnFail, enabled: true) = kinds[7],
              case .option(.chaining, enabled: false) = kinds[8], case .channel(2) = kinds[9],
              case .sleep(let short) = kinds[10], case .sleep(let fractional) = kinds[11], case .sleep(let spaced) = kinds[12],
              case .test("first", let body) = kinds[13], case .repeatBlock(3, let inner) = body.first?.kind else {
            Issue.record("unexpected statements: \(kinds)")
            return
        }
        #expect(atr.mask == [0xFF, 0xFF, 0xF0])
        #expect(short == .milliseconds(250) && fractional == .milliseconds(1500) && spaced == .seconds(2))
        #expect(commands(inner).count == 1)
    }

    @Test func variablesCapturesAndEnvironment() throws {
        let script = try ScriptFixtures.parse("""
            let $pin = 31 32 33 34
            let $key =${CARD_KEY}
            00 84 00 00 08 =9000 -> $challenge -> $head[0:2] -> $tail[6:]
            00 A4 04 00 08 F0 70 62 74 6F 6F 6C 01 00 -> $aid = tlv 6F/84
            00 82 00 00 0A $challenge $head data $tail[0] *
            00 20 00 81 04 $pin
            """)
        let steps = commands(script.statements)
        #expect(steps[0].captures.map(\.text) == ["-> $challenge", "-> $head[0:2]", "-> $tail[6:]"])
        #expect(steps[1].captures.map(\.text) == ["-> $aid = tlv 6F/84"])
        #expect(steps[2].literal == nil)
        #expect(steps[2].command.description == "00 82 00 00 0A $challenge $head")
        guard case .assign("key", let value) = script.statements[1].kind else {
            Issue.record("expected let $key")
            return
        }
        #expect(value.usesEnvironment)
    }

    @Test func oneLineBlocksAndEmptyTests() throws {
        let script = try ScriptFixtures.parse("""
            test "a" { 80 30 00 00 04 =9000 }
            test "b" {}
            repeat 2 { reset }
            """)
        #expect(script.statements.count == 3)
    }

    @Test func keywordsAreCaseInsensitiveButTestNamesAreNot() throws {
        let script = try ScriptFixtures.parse("TEST \"A\" {\n}\nTest \"a\" {\n}\n00 a4 04 00 DATA 6f * LEN 2..9 TLV 6f present")
        #expect(script.statements.count == 3)
    }

    @Test func includesAreExpandedRelativeToTheIncludingFile() throws {
        let files = [
            "suite/common/select.apdu": "00 A4 04 00 08 F0 70 62 74 6F 6F 6C 01 00 =9000\ninclude \"../leaf.apdu\"",
            "suite/leaf.apdu": "80 32 00 00 04",
        ]
        let script = try ScriptFixtures.loader(files).parse("include \"common/select.apdu\"\ninclude \"common/select.apdu\"",
                                                            file: "suite/main.apdu")
        guard case .include(let file, let body) = script.statements[0].kind else {
            Issue.record("expected an include")
            return
        }
        #expect(file == "suite/common/select.apdu")
        #expect(body.count == 2)
        #expect(body[1].location.file == "suite/common/select.apdu")
        guard case .include("suite/leaf.apdu", let leaf) = body[1].kind else {
            Issue.record("expected the nested include")
            return
        }
        #expect(leaf[0].location == SourceLocation(file: "suite/leaf.apdu", line: 1, column: 1))
    }

    @Test func crlfLineEndingsAreAccepted() throws {
        let script = try ScriptFixtures.parse("00 A4 04 00\r\n# c\r\n00 B0 00 00 10 =9000\r\n")
        #expect(commands(script.statements).count == 2)
    }

    @Test func pathNormalisation() {
        #expect(ScriptLoader.normalized("a/./b/../c.apdu") == "a/c.apdu")
        #expect(ScriptLoader.normalized("/x/../y") == "/y")
        #expect(ScriptLoader.normalized("../a") == "../a")
        #expect(ScriptLoader.resolve("b.apdu", relativeTo: "/s/a.apdu") == "/s/b.apdu")
        #expect(ScriptLoader.resolve("b.apdu", relativeTo: "a.apdu") == "b.apdu")
        #expect(ScriptLoader.resolve("/abs.apdu", relativeTo: "x/a.apdu") == "/abs.apdu")
    }
}
