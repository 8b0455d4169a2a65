import Testing
@testable import APDUScript

/// Every syntax error names the exact line and column.
@Suite struct ParserErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let script: String
        let line: Int
        let column: Int
        let message: String
        var testDescription: String { message }
    }

    static let cases: [Case] = [
        Case(script: "00 A4 0G 00", line: 1, column: 8, message: "'G' is not a hex digit"),
        Case(script: "\n  00 A4 0", line: 2, column: 9, message: "odd number of hex digits in '0'"),
        Case(script: "00 A4 xx 00", line: 1, column: 7, message: "'x' is a wildcard"),
        Case(script: "0x", line: 1, column: 1, message: "no hex digits after '0x'"),
        Case(script: "# c\n00 A4 04 00 05 01", line: 2, column: 1, message: "not a valid command APDU"),
        Case(script: "00 A4", line: 1, column: 1, message: "the header alone is 4"),
        Case(script: "test \"abc {\n}", line: 1, column: 6, message: "unterminated string"),
        Case(script: "test \"a\" {\n  00 A4 04 00\n", line: 1, column: 10, message: "missing '}'"),
        Case(script: "00 A4 04 00\n  }", line: 2, column: 3, message: "'}' without a matching '{'"),
        Case(script: "test \"a\" {\n test \"b\" {\n }\n}", line: 2, column: 2, message: "tests cannot be nested (the enclosing test starts at 1:1)"),
        Case(script: "repeat 2 {\n  test \"a\" {\n  }\n}", line: 2, column: 3, message: "a test cannot be inside 'repeat'"),
        Case(script: "test \"a\"\n{\n}", line: 1, column: 9, message: "expected '{' to open the block"),
        Case(script: "test {\n}", line: 1, column: 6, message: "expected a quoted string after 'test'"),
        Case(script: "test \"\" {\n}", line: 1, column: 6, message: "the string after 'test' is empty"),
        Case(script: "test \"a\" {\n}\ntest \"a\" {\n}", line: 3, column: 6, message: "a test named \"a\" already exists at t.apdu:1:1"),
        Case(script: "00 A4 04 00 =90", line: 1, column: 14, message: "'90' is not a status word"),
        Case(script: "00 A4 04 00 =9000|", line: 1, column: 19, message: "an empty status word"),
        Case(script: "00 A4 04 00 =90G0", line: 1, column: 16, message: "'G' is not a hex digit or a wildcard"),
        Case(script: "00 A4 04 00 ! 6A82", line: 1, column: 13, message: "expected a status word right after '!'"),
        Case(script: "00 A4 04 00 data", line: 1, column: 13, message: "expected a byte pattern after 'data'"),
        Case(script: "00 A4 04 00 data =9000", line: 1, column: 18, message: "expected a byte pattern after 'data'"),
        Case(script: "00 A4 04 00 data 6F * 84", line: 1, column: 21, message: "'*' (any further bytes) must be the last"),
        Case(script: "00 A4 04 00 data 6F*", line: 1, column: 20, message: "'*' (any further bytes) must stand alone"),
        Case(script: "00 A4 04 00 data 6F .", line: 1, column: 21, message: "odd number of digits in '.'"),
        Case(script: "00 A4 04 00 data 6F 8.", line: 1, column: 22, message: "'.' only comes in pairs"),
        Case(script: "00 A4 04 00 data 6G", line: 1, column: 19, message: "'G' is not a hex digit or a wildcard"),
        Case(script: "00 A4 04 00 tlv 6F/ZZ present", line: 1, column: 17, message: "step \"ZZ\" is not a BER tag"),
        Case(script: "00 A4 04 00 tlv 6F/84", line: 1, column: 22, message: "expected '== PATTERN', 'present', 'absent' or 'len N'"),
        Case(script: "00 A4 04 00 tlv", line: 1, column: 16, message: "expected a TLV path after 'tlv'"),
        Case(script: "00 A4 04 00 len x", line: 1, column: 17, message: "expected a length after 'len'"),
        Case(script: "00 A4 04 00 len 9..2", line: 1, column: 17, message: "length range 9..2 is empty"),
        Case(script: "repeat 0 {\n}", line: 1, column: 8, message: "repeat count 0 is outside 1…10000"),
        Case(script: "repeat 10001 {\n}", line: 1, column: 8, message: "repeat count 10001 is outside"),
        Case(script: "repeat 1000 {\n  repeat 101 {\n  }\n}", line: 2, column: 10, message: "more than 100000 times"),
        Case(script: "repeat x {\n}", line: 1, column: 8, message: "expected a repeat count"),
        Case(script: "sleep 5", line: 1, column: 7, message: "expected a duration with its unit"),
        Case(script: "sleep 601s", line: 1, column: 7, message: "sleep is limited to 600 s"),
        Case(script: "sleep 2.5ms", line: 1, column: 7, message: "milliseconds must be whole numbers"),
        Case(script: "option turbo on", line: 1, column: 8, message: "expected an option name (getresponse, 6cxx, chaining, stop-on-fail)"),
        Case(script: "option chaining maybe", line: 1, column: 17, message: "expected 'on' or 'off'"),
        Case(script: "channel 20", line: 1, column: 9, message: "logical channel 20 is outside 0…19"),
        Case(script: "reset lukewarm", line: 1, column: 7, message: "expected 'cold' or 'warm'"),
        Case(script: "reset cold now", line: 1, column: 12, message: "unexpected 'now' after the statement"),
        Case(script: "00 A4 04 00 $x", line: 1, column: 13, message: "$x is not set yet"),
        Case(script: "00 A4 04 00 $1", line: 1, column: 13, message: "expected a variable name after '$'"),
        Case(script: "00 A4 04 00 ${}", line: 1, column: 13, message: "expected an environment variable name"),
        Case(script: "let $x 00", line: 1, column: 8, message: "expected '=' after the variable name"),
        Case(script: "let x = 00", line: 1, column: 5, message: "expected a variable after 'let'"),
        Case(script: "let $x = 0102\n00 B0 00 00 $x[3:1]", line: 2, column: 16, message: "slice [3:1] selects no bytes"),
        Case(script: "let $x = 0102\n00 B0 00 00 $x[a]", line: 2, column: 16, message: "expected a slice"),
        Case(script: "let $x = 0102\n00 B0 00 00 $x[1", line: 2, column: 15, message: "unterminated slice"),
        Case(script: "reset\nexpect =9000", line: 2, column: 1, message: "'expect' must follow a command APDU"),
        Case(script: "00 A4 04 00\nexpect", line: 2, column: 7, message: "expected checks after 'expect'"),
        Case(script: "00 A4 04 00 \\ 01", line: 1, column: 13, message: "'\\' continues a line only as its last character"),
        Case(script: "  data 6F", line: 1, column: 3, message: "'data' checks the answer to a command"),
        Case(script: "=9000", line: 1, column: 1, message: "a status check must follow a command"),
        Case(script: "-> $x", line: 1, column: 1, message: "expected a command APDU in hex or a statement"),
        Case(script: "00 84 00 00 08 -> x", line: 1, column: 19, message: "expected a variable after '->'"),
        Case(script: "00 84 00 00 08 -> $x = data", line: 1, column: 24, message: "expected 'tlv PATH' after '='"),
        Case(script: "atr", line: 1, column: 1, message: "expected a byte pattern after 'atr'"),
        Case(script: "atr 3B 8C mask FF FF FF", line: 1, column: 16, message: "the mask has 3 bytes but the pattern only 2"),
        Case(script: "reader\n", line: 1, column: 7, message: "expected a quoted string after 'reader'"),
        Case(script: "include missing.apdu", line: 1, column: 9, message: "expected a quoted string after 'include'"),
        Case(script: "include \"missing.apdu\"", line: 1, column: 9, message: "cannot read included file \"missing.apdu\": no such file"),
        Case(script: "include \"t.apdu\"", line: 1, column: 9, message: "include cycle: t.apdu → t.apdu"),
        Case(script: "00 A4 04 00 \"x\"", line: 1, column: 13, message: "unexpected string \"x\" after the statement"),
        Case(script: "00 A4 04 00 data 6F ${X", line: 1, column: 21, message: "expected an environment variable name"),
        Case(script: "10 A4 04 00 é", line: 1, column: 13, message: "'é' is not a hex digit"),
    ]

    @Test(arguments: cases)
    func reportsTheExactPlace(_ example: Case) throws {
        let error = try #require(ScriptFixtures.syntaxError(example.script), "\(example.script) should not parse")
        #expect(error.message.contains(example.message), "message: \(error.message)")
        #expect(error.location.line == example.line && error.location.column == example.column,
                "at \(error.location.line):\(error.location.column), expected \(example.line):\(example.column)")
        #expect(error.location.file == "t.apdu")
    }

    @Test func errorTextHasTheLineAndACaret() throws {
        let error = try #require(ScriptFixtures.syntaxError("# first\n\t00 A4 0G 00 =9000"))
        #expect(error.description == """
            t.apdu:2:9: error: 'G' is not a hex digit
              2 | \t00 A4 0G 00 =9000
                | \t       ^
            """)
    }

    @Test func includeCycleThroughTwoFilesNamesTheChain() throws {
        let files = ["a.apdu": "include \"b.apdu\"", "b.apdu": "00 A4 04 00\ninclude \"a.apdu\""]
        let error = try #require(ScriptFixtures.syntaxError("include \"a.apdu\"", files: files))
        #expect(error.message == "include cycle: a.apdu → b.apdu → a.apdu")
        #expect(error.location == SourceLocation(file: "b.apdu", line: 2, column: 9))
        #expect(error.includedFrom == [SourceLocation(file: "t.apdu", line: 1, column: 1),
                                       SourceLocation(file: "a.apdu", line: 1, column: 1)])
        #expect(error.description.hasSuffix("  included from a.apdu:1:1\n  included from t.apdu:1:1"))
    }

    @Test func errorsInsideIncludedFilesPointIntoThem() throws {
        let files = ["inner.apdu": "# inner\ntest \"x\" {\n}"]
        let error = try #require(ScriptFixtures.syntaxError("test \"outer\" {\n  include \"inner.apdu\"\n}", files: files))
        #expect(error.location == SourceLocation(file: "inner.apdu", line: 2, column: 1))
        #expect(error.message.contains("tests cannot be nested"))
        #expect(error.includedFrom == [SourceLocation(file: "t.apdu", line: 2, column: 3)])
    }

    @Test func includeDepthIsBounded() throws {
        var files: [String: String] = [:]
        for level in 0..<40 { files["f\(level).apdu"] = "include \"f\(level + 1).apdu\"" }
        let error = try #require(ScriptFixtures.syntaxError("include \"f0.apdu\"", files: files))
        #expect(error.message.contains("includes nest deeper than 16 files"))
    }

    @Test func blockNestingIsBounded() throws {
        let deep = String(repeating: "repeat 1 {\n", count: 40) + String(repeating: "}\n", count: 40)
        let error = try #require(ScriptFixtures.syntaxError(deep))
        #expect(error.message.contains("blocks nest deeper than 32 levels"))
        #expect(error.location.line == 33)
    }

    @Test func unreadableTopLevelFileIsALoadError() {
        #expect(throws: ScriptLoadError(path: "nope.apdu", reason: "no such file")) {
            try ScriptFixtures.loader([:]).load("nope.apdu")
        }
    }
}
