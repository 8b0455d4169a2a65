import Foundation

/// Reports a run as TAP version 13: `ok`/`not ok` per test as it ends, a YAML block under each
/// failure, and the plan `1..N` at the end (TAP allows a trailing plan).
public final class TAPReporter: ScriptRunObserver {
    private let write: (String) -> Void
    private var number = 0

    /// A reporter writing TAP lines through `write`.
    public init(write: @escaping (String) -> Void) {
        self.write = write
    }

    public func receive(_ event: RunEvent) {
        switch event {
        case .started:
            write("TAP version 13")
        case .trace:
            break
        case .finished(let result):
            number += 1
            report(result)
        case .completed(let result):
            if let failure = result.transportFailure {
                write("# the run ended early: \(failure.location): \(oneLine(failure.message))")
            }
            write("1..\(number)")
        }
    }

    private func report(_ result: TestResult) {
        let name = "\(result.identity.file): \(result.identity.name)"
            .replacingOccurrences(of: "#", with: "\\#")
        switch result.status {
        case .passed:
            write("ok \(number) - \(oneLine(name))")
        case .skipped:
            write("ok \(number) - \(oneLine(name)) # SKIP \(oneLine(result.failures.first?.message ?? "not run"))")
        case .failed, .error:
            write("not ok \(number) - \(oneLine(name))")
            diagnostics(result)
        }
    }

    private func diagnostics(_ result: TestResult) {
        guard let first = result.failures.first else { return }
        var lines = ["---"]
        lines.append("message: \(quoted(first.message))")
        lines.append("severity: \(result.status == .failed ? "fail" : "error")")
        lines.append("at:")
        lines.append("  file: \(quoted(first.location.file))")
        lines.append("  line: \(first.location.line)")
        lines.append("  column: \(first.location.column)")
        if let expected = first.expected { lines.append("expected: \(quoted(expected))") }
        if let actual = first.actual { lines.append("actual: \(quoted(actual))") }
        if result.failures.count > 1 {
            lines.append("more:")
            for failure in result.failures.dropFirst() {
                lines.append("  - \(quoted("\(failure.location): \(failure.message)"))")
            }
        }
        if !result.trace.isEmpty {
            lines.append("trace:")
            lines += result.trace.map { "  - \(quoted($0.description))" }
        }
        lines.append("...")
        lines.forEach { write("  " + $0) }
    }

    private func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ")
    }

    /// A YAML double-quoted scalar.
    private func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    result += "\\x" + hexPair(UInt8(scalar.value))
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
