import APDU
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport
import VirtualCard

/// `pbtool apdu run` end to end: exit codes, report formats, the conformance scripts, and card
/// failures in the middle of a run.
@Suite(.serialized, .timeLimit(.minutes(15))) struct APDURunCommandTests {
    /// A folder of scripts for one test, removed afterwards.
    final class ScriptFolder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pbtool-scripts-\(UUID())")

        init() throws {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }

        func write(_ name: String, _ text: String) throws -> String {
            let file = url.appendingPathComponent(name)
            try Data(text.utf8).write(to: file)
            return file.path
        }

        deinit { try? FileManager.default.removeItem(at: url) }
    }

    static let select = "00 A4 04 00 08 F0 70 62 74 6F 6F 6C 01 00"

    static var conformanceScripts: [String] {
        let folder = SharedData.repositoryRoot.appendingPathComponent("apdu-scripts")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".apdu") }.sorted().map { folder.appendingPathComponent($0).path }
    }

    @Test func conformanceScriptsPassOnTheEmulatedCardWithAJUnitReport() throws {
        let folder = try ScriptFolder()
        let report = folder.url.appendingPathComponent("reports/junit.xml")
        let scripts = Self.conformanceScripts
        #expect(scripts.count >= 4)
        let outcome = try PBToolProcess.run(["apdu", "run", "--emulate", "--junit", report.path] + scripts)
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(!outcome.standardOutput.contains("FAIL") && !outcome.standardOutput.contains("\u{1B}["))
        let xml = try Data(contentsOf: report)
        let cases = try JUnitCases(xml)
        #expect(cases.names.count == outcome.standardOutput.components(separatedBy: "  PASS ").count - 1)
        #expect(cases.failures == 0 && Set(cases.classnames) == Set(scripts))
    }

    @Test func aFailedCheckExitsWithOneAndShowsExpectedAndActual() throws {
        let folder = try ScriptFolder()
        let script = try folder.write("fail.apdu", "\(Self.select)\ntest \"wrong sw\" { 80 32 00 00 04 =6A82 }\n")
        let outcome = try PBToolProcess.run(["apdu", "run", "--emulate", script])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.contains("  FAIL wrong sw"))
        #expect(outcome.standardOutput.contains("\(script):2:34: expected SW 6A82, got 9000 (Normal processing)"))
        #expect(outcome.standardOutput.contains("        expected: =6A82"))
        #expect(outcome.standardError.contains("pbtool: 1 of 2 tests failed"))
    }

    @Test func syntaxErrorsExitWithTwoAndPointAtTheColumn() throws {
        let folder = try ScriptFolder()
        let bad = try folder.write("bad.apdu", "# ok\n00 A4 04 0G\n")
        let also = try folder.write("also.apdu", "test \"x\" {\n")
        let outcome = try PBToolProcess.run(["apdu", "run", "--emulate", bad, also])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("\(bad):2:11: error: 'G' is not a hex digit"))
        #expect(outcome.standardError.contains("  2 | 00 A4 04 0G\n    |           ^"))
        #expect(outcome.standardError.contains("\(also):1:10: error: missing '}'"))
        #expect(outcome.standardOutput.isEmpty)
        let missing = try PBToolProcess.run(["apdu", "run", "--emulate", folder.url.appendingPathComponent("none.apdu").path])
        #expect(missing.status == 2 && missing.standardError.contains("no such file"))
    }

    @Test func unsetEnvironmentValuesExitWithTwoBeforeAnythingIsSent() throws {
        let folder = try ScriptFolder()
        let script = try folder.write("env.apdu", "test \"t\" { 80 10 00 00 04 ${PBTOOL_TEST_KEY} }\n")
        let outcome = try PBToolProcess.run(["apdu", "run", "--emulate", script])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("\(script):1:27: error: environment variable PBTOOL_TEST_KEY is not set"))
        let set = try PBToolProcess.run(["apdu", "run", "--emulate", "--verbose", script],
                                        environment: ["PBTOOL_TEST_KEY": "01020304"])
        #expect(set.status == 0)
        #expect(set.standardOutput.contains("> 80 10 00 00 04 <redacted 4 bytes>"))
        #expect(!set.standardOutput.contains("01 02 03 04"))
    }

    @Test(arguments: [
        ["apdu", "run"],
        ["apdu", "run", "--tap", "--json", "x.apdu"],
        ["apdu", "run", "--emulate", "--reader", "Virtual PCD 00 00", "x.apdu"],
        ["apdu", "run", "--timeout", "0", "x.apdu"],
        ["apdu", "import", "--format", "gpshell", "x"],
    ])
    func badArgumentsAreUsageErrors(arguments: [String]) throws {
        let outcome = try PBToolProcess.run(arguments)
        #expect(outcome.status == 2, "\(arguments): \(outcome.standardError)")
    }

    @Test func dryRunListsAndSendsNothing() throws {
        let folder = try ScriptFolder()
        let script = try folder.write("dry.apdu", """
            test "pin" { 00 20 00 81 04 31 32 33 34 =9000 }
            repeat 2 { 80 30 00 00 04 -> $c }
            """)
        let outcome = try PBToolProcess.run(["apdu", "run", "--dry-run", script])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("\(script):1:1  test \"pin\""))
        #expect(outcome.standardOutput.contains("\(script):1:14    00 20 00 81 04 <redacted 4 bytes> (case 3) =9000"))
        #expect(outcome.standardOutput.contains("\(script):2:12    80 30 00 00 04 (case 2) -> $c"))
        let json = try PBToolProcess.run(["apdu", "run", "--dry-run", "--json", "--show-secrets", script])
        let lines = json.standardOutput.split(separator: "\n")
        #expect(lines.count == 4)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(first["text"] as? String == "00 20 00 81 04 31 32 33 34 (case 3) =9000")
        #expect(first["depth"] as? Int == 1)
    }

    @Test func tapAndJSONLinesOnStandardOutput() throws {
        let folder = try ScriptFolder()
        let script = try folder.write("t.apdu", "\(Self.select) =9000\ntest \"bad\" { 80 7E 00 00 =9000 }\n")
        let tap = try PBToolProcess.run(["apdu", "run", "--emulate", "--tap", script])
        #expect(tap.status == 1)
        let lines = tap.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "TAP version 13" && lines.last == "1..2")
        #expect(lines.contains("ok 1 - \(script): top level (line 1)"))
        #expect(lines.contains("not ok 2 - \(script): bad"))
        let json = try PBToolProcess.run(["apdu", "run", "--emulate", "--json", script])
        let events = try json.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["event"] as? String
        }
        #expect(events.first == "start" && events.last == "summary")
        #expect(events.filter { $0 == "test" }.count == 2)
    }

    @Test func noColourWhenNO_COLORIsSetEvenOnATerminalCheck() throws {
        let folder = try ScriptFolder()
        let script = try folder.write("c.apdu", "\(Self.select) =9000\n")
        let outcome = try PBToolProcess.run(["apdu", "run", "--emulate", script], environment: ["NO_COLOR": "1"])
        #expect(outcome.status == 0 && !outcome.standardOutput.contains("\u{1B}"))
    }
}

/// The test cases of a JUnit document, read with XMLParser.
final class JUnitCases: NSObject, XMLParserDelegate {
    private(set) var names: [String] = []
    private(set) var classnames: [String] = []
    private(set) var failures = 0
    private(set) var errors = 0
    private(set) var skipped = 0
    private(set) var systemOut = ""
    private var inSystemOut = false

    init(_ data: Data) throws {
        super.init()
        let parser = XMLParser(data: data)
        parser.delegate = self
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        switch elementName {
        case "testcase":
            names.append(attributes["name"] ?? "")
            classnames.append(attributes["classname"] ?? "")
        case "failure": failures += 1
        case "error": errors += 1
        case "skipped": skipped += 1
        case "system-out": inSystemOut = true
        default: break
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if elementName == "system-out" { inSystemOut = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inSystemOut { systemOut += string }
    }
}
