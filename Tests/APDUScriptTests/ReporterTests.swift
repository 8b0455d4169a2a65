import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport
@testable import APDUScript

/// Every report format, fed by a real run on the virtual card with a pass, a failure, an error
/// and a skip.
@Suite struct ReporterTests {
    /// One run whose events went to every streaming reporter.
    struct Outputs {
        var result: RunResult
        var text: [String] = []
        var colored: [String] = []
        var tap: [String] = []
        var json: [String] = []
    }

    private func outputs() throws -> Outputs {
        final class Lines { var all: [String] = [] }
        let text = Lines(), colored = Lines(), tap = Lines(), json = Lines()
        let fan = FanOut([
            TextReporter(usesColor: false) { text.all.append($0) },
            TextReporter(usesColor: true) { colored.all.append($0) },
            TAPReporter { tap.all.append($0) },
            JSONLinesReporter { json.all.append($0) },
        ])
        let result = try run("""
            \(ScriptFixtures.selectDemo)
            test "passes <&> \\"quoted\\"" { 80 32 00 00 04 =9000 }
            test "fails # hash" { 80 32 00 00 04 =6A82 data 01 * }
            test "errors" { 80 10 00 00 01 ${UNSET_IN_TESTS} }
            option stop-on-fail on
            test "fails again" { 80 7E 00 00 =9000 }
            test "skipped" { 80 32 00 00 04 }
            """, on: try ScriptFixtures.demoCard(), observer: fan)
        return Outputs(result: result, text: text.all, colored: colored.all, tap: tap.all, json: json.all)
    }

    @Test func junitIsWellFormedWithOneTestcasePerTest() throws {
        let outputs = try outputs()
        let xml = JUnitReport.xml(for: outputs.result)
        let document = try XMLTree(xml)
        let suites = document.root
        #expect(suites.name == "testsuites")
        #expect(suites.attributes["tests"] == "6" && suites.attributes["failures"] == "2"
                && suites.attributes["errors"] == "1" && suites.attributes["skipped"] == "1")
        let cases = suites.children.flatMap(\.children).filter { $0.name == "testcase" }
        #expect(cases.map { $0.attributes["name"] } == ["top level (line 1)", "passes <&> \"quoted\"", "fails # hash", "errors",
                                                        "fails again", "skipped"])
        #expect(cases.allSatisfy { $0.attributes["classname"] == "t.apdu" })
        let failure = try #require(cases[2].children.first { $0.name == "failure" })
        #expect(failure.attributes["message"] == "t.apdu:3:38: expected SW 6A82, got 9000 (Normal processing)")
        #expect(failure.text.contains("expected: =6A82") && failure.text.contains("actual:   9000"))
        #expect(failure.text.contains("expected: 01 *") && failure.text.contains("actual:   00 00 00 00"))
        let output = try #require(cases[2].children.first { $0.name == "system-out" })
        #expect(output.text == "> 80 32 00 00 04\n< 00 00 00 00 90 00  [\(output.text.split(separator: "[").last ?? "")")
        #expect(cases[3].children.first?.name == "error")
        #expect(cases[5].children.first?.name == "skipped")
        #expect(cases[1].children.map(\.name) == ["system-out"])
    }

    @Test func junitDropsCharactersXMLCannotHold() throws {
        let identity = TestIdentity(file: "f\u{1}.apdu", name: "bell\u{7} tab\t", location: SourceLocation(file: "f", line: 1, column: 1),
                                    isImplicit: false)
        let result = RunResult(tests: [TestResult(identity: identity, status: .failed, duration: .milliseconds(2),
                                                  failures: [TestFailure(location: identity.location, message: "a\u{0}b ]]> <x>")])],
                               transportFailure: nil, duration: .milliseconds(2))
        let document = try XMLTree(JUnitReport.xml(for: result))
        let testcase = try #require(document.root.children.first?.children.first)
        #expect(testcase.attributes["name"] == "bell\u{FFFD} tab\t")
        #expect(testcase.children.first?.text == "f:1:1: a\u{FFFD}b ]]> <x>")
    }

    @Test func tapHasAPlanNumberedLinesAndYAMLDiagnostics() throws {
        let tap = try outputs().tap
        #expect(tap.first == "TAP version 13")
        #expect(tap.last == "1..6")
        let results = tap.filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }
        #expect(results == [
            "ok 1 - t.apdu: top level (line 1)",
            "ok 2 - t.apdu: passes <&> \"quoted\"",
            "not ok 3 - t.apdu: fails \\# hash",
            "not ok 4 - t.apdu: errors",
            "not ok 5 - t.apdu: fails again",
            "ok 6 - t.apdu: skipped # SKIP not run: stop-on-fail after \"fails again\" in t.apdu",
        ])
        let start = try #require(tap.firstIndex(of: "not ok 3 - t.apdu: fails \\# hash"))
        let block = Array(tap[(start + 1)...].prefix { $0 != "  ..." })
        #expect(block.first == "  ---")
        #expect(block.contains("  message: \"expected SW 6A82, got 9000 (Normal processing)\""))
        #expect(block.contains("  severity: fail"))
        #expect(block.contains("    line: 3") && block.contains("    column: 38"))
        #expect(block.contains("  expected: \"=6A82\"") && block.contains("  actual: \"9000\""))
        #expect(block.contains("  more:") && block.contains("  trace:"))
        #expect(tap[start + 1 + block.count] == "  ...")
    }

    @Test func jsonLinesAreOneObjectPerEvent() throws {
        let outputs = try outputs()
        let objects = try outputs.json.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(objects.first?["event"] as? String == "start")
        #expect(objects.first?["planned"] as? Int == 6)
        let tests = objects.filter { $0["event"] as? String == "test" }
        #expect(tests.map { $0["status"] as? String } == ["passed", "passed", "failed", "error", "failed", "skipped"])
        let traces = objects.filter { $0["event"] as? String == "trace" }
        #expect(traces.count == outputs.result.tests.reduce(0) { $0 + $1.trace.count })
        #expect(traces.first?["kind"] as? String == "command")
        let summary = try #require(objects.last)
        #expect(summary["event"] as? String == "summary" && summary["verdict"] as? String == "scriptError")
        #expect(summary["failed"] as? Int == 2 && summary["skipped"] as? Int == 1 && summary["commands"] as? Int == 4)
        let failures = try #require(tests[2]["failures"] as? [[String: Any]])
        #expect((failures.first?["location"] as? [String: Any])?["column"] as? Int == 38)
    }

    @Test func textIsPlainWithoutColourAndPaintedWithIt() throws {
        let outputs = try outputs()
        #expect(outputs.text.first == "t.apdu")
        #expect(outputs.text.contains { $0.hasPrefix("  PASS passes <&> \"quoted\" (") })
        #expect(outputs.text.contains("  FAIL fails # hash (\(outputs.text.first { $0.hasPrefix("  FAIL fails #") }?.split(separator: "(").last ?? "")"))
        #expect(outputs.text.contains("      t.apdu:3:38: expected SW 6A82, got 9000 (Normal processing)"))
        #expect(outputs.text.contains("        expected: =6A82"))
        #expect(outputs.text.contains("      trace:"))
        #expect(outputs.text.contains { $0.hasPrefix("  SKIP skipped — not run: stop-on-fail") })
        #expect(outputs.text.last?.hasPrefix("6 tests: 2 passed, 2 failed, 1 errors, 1 skipped — 4 commands in ") == true)
        #expect(!outputs.text.joined().contains("\u{1B}"))
        #expect(outputs.colored.contains { $0.contains("\u{1B}[31mFAIL\u{1B}[0m") })
        #expect(outputs.colored.contains { $0.contains("\u{1B}[32mPASS\u{1B}[0m") })
    }
}

/// Sends each event to several observers.
final class FanOut: ScriptRunObserver {
    private let observers: [any ScriptRunObserver]
    init(_ observers: [any ScriptRunObserver]) { self.observers = observers }
    func receive(_ event: RunEvent) { observers.forEach { $0.receive(event) } }
}

/// A parsed XML document: enough of a DOM to check the JUnit report (XMLParser, so the check
/// does not share code with the writer).
final class XMLTree: NSObject, XMLParserDelegate {
    final class Node {
        let name: String
        let attributes: [String: String]
        var children: [Node] = []
        var text = ""
        init(name: String, attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }
    }

    private var stack: [Node] = []
    private(set) var root = Node(name: "", attributes: [:])
    private var failure: (any Error)?

    init(_ xml: String) throws {
        super.init()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = self
        guard parser.parse() else {
            throw failure ?? parser.parserError ?? CocoaError(.coderReadCorrupt)
        }
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        let node = Node(name: elementName, attributes: attributes)
        if let parent = stack.last { parent.children.append(node) } else { root = node }
        stack.append(node)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.text += string
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        failure = parseError
    }
}
