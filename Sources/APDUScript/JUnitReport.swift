/// A run as JUnit XML, the format CI servers read: one `<testsuite>` per script, one
/// `<testcase>` per test (classname = the script file), `<failure>` with expected and actual,
/// `<error>` for script and transport errors, `<skipped>`, and the APDU trace in `<system-out>`.
public enum JUnitReport {
    /// The XML document for `result`.
    public static func xml(for result: RunResult, name: String = "pbtool apdu run") -> String {
        var files: [String] = []
        var byFile: [String: [TestResult]] = [:]
        for test in result.tests {
            if byFile[test.identity.file] == nil { files.append(test.identity.file) }
            byFile[test.identity.file, default: []].append(test)
        }
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        lines.append("<testsuites name=\(attribute(name))\(counts(result.tests)) time=\"\(seconds(result.duration))\">")
        for file in files {
            let tests = byFile[file] ?? []
            let time = tests.reduce(Duration.zero) { $0 + $1.duration }
            lines.append("  <testsuite name=\(attribute(file))\(counts(tests)) time=\"\(seconds(time))\">")
            tests.forEach { lines += testcase($0) }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func testcase(_ test: TestResult) -> [String] {
        let open = "    <testcase classname=\(attribute(test.identity.file)) name=\(attribute(test.identity.name)) "
            + "time=\"\(seconds(test.duration))\""
        var inner: [String] = []
        switch test.status {
        case .passed:
            break
        case .skipped:
            inner.append("<skipped message=\(attribute(test.failures.first?.message ?? "not run"))/>")
        case .failed:
            inner.append(element("failure", type: "assertion", test.failures))
        case .error:
            inner.append(element("error", type: "error", test.failures))
        }
        if !test.trace.isEmpty {
            inner.append("<system-out>\(text(test.trace.map(\.description).joined(separator: "\n")))</system-out>")
        }
        guard !inner.isEmpty else { return [open + "/>"] }
        return [open + ">"] + inner.map { "      " + $0 } + ["    </testcase>"]
    }

    private static func element(_ name: String, type: String, _ failures: [TestFailure]) -> String {
        let message = failures.first.map { "\($0.location): \($0.message)" } ?? name
        let body = failures.map { failure in
            var lines = ["\(failure.location): \(failure.message)"]
            if let expected = failure.expected { lines.append("expected: \(expected)") }
            if let actual = failure.actual { lines.append("actual:   \(actual)") }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n\n")
        return "<\(name) message=\(attribute(message)) type=\"\(type)\">\(text(body))</\(name)>"
    }

    private static func counts(_ tests: [TestResult]) -> String {
        let failures = tests.count { $0.status == .failed }
        let errors = tests.count { $0.status == .error }
        let skipped = tests.count { $0.status == .skipped }
        return " tests=\"\(tests.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\""
    }

    private static func seconds(_ duration: Duration) -> String {
        formatMilliseconds((duration / .milliseconds(1)) / 1000)
    }

    /// A quoted attribute value.
    static func attribute(_ value: String) -> String { "\"" + escaped(value, quotes: true) + "\"" }

    /// Element text.
    static func text(_ value: String) -> String { escaped(value, quotes: false) }

    /// Escapes markup and drops characters XML 1.0 cannot hold (C0 controls but tab, LF, CR).
    private static func escaped(_ value: String, quotes: Bool) -> String {
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            // Attribute values are normalised by parsers (XML 1.0 §3.3.3): keep breaks and tabs as references.
            case "\n" where quotes: result += "&#10;"
            case "\t" where quotes: result += "&#9;"
            case "\r" where quotes: result += "&#13;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20, scalar.value != 0xFFFE, scalar.value != 0xFFFF {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += "\u{FFFD}"
                }
            }
        }
        return result
    }
}
