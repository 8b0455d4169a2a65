/// Reports a run as text for people: a line per test, details under failures, a summary.
///
/// Colours (ANSI) only when asked, which the CLI does for a terminal without `NO_COLOR`.
public final class TextReporter: ScriptRunObserver {
    private let write: (String) -> Void
    private let usesColor: Bool
    private let showsTraces: Bool
    private var lastFile: String?

    /// A reporter writing lines through `write`; `showsTraces` prints every exchange as it happens.
    public init(usesColor: Bool, showsTraces: Bool = false, write: @escaping (String) -> Void) {
        self.usesColor = usesColor
        self.showsTraces = showsTraces
        self.write = write
    }

    public func receive(_ event: RunEvent) {
        switch event {
        case .started:
            break
        case .trace(let identity, let line):
            guard showsTraces else { return }
            header(for: identity.file)
            write("      " + paint(line.description, .dim))
        case .finished(let result):
            header(for: result.identity.file)
            report(result)
        case .completed(let result):
            summary(result)
        }
    }

    private func header(for file: String) {
        guard file != lastFile else { return }
        lastFile = file
        write(paint(file, .bold))
    }

    private func report(_ result: TestResult) {
        let time = "(\(formatMilliseconds((result.duration / .milliseconds(1)))) ms)"
        switch result.status {
        case .passed:
            write("  \(paint("PASS", .green)) \(result.identity.name) \(paint(time, .dim))")
        case .skipped:
            let reason = result.failures.first?.message ?? "not run"
            write("  \(paint("SKIP", .yellow)) \(result.identity.name) \(paint("— \(reason)", .dim))")
        case .failed, .error:
            let label = result.status == .failed ? "FAIL" : "ERROR"
            write("  \(paint(label, .red)) \(result.identity.name) \(paint(time, .dim))")
            details(of: result)
        }
    }

    private func details(of result: TestResult) {
        for failure in result.failures {
            write("      \(failure.location): \(failure.message)")
            if let expected = failure.expected { write("        expected: \(expected)") }
            if let actual = failure.actual { write("        actual:   \(actual)") }
        }
        guard !showsTraces, !result.trace.isEmpty else { return }
        write("      trace:")
        for line in result.trace { write("        " + paint(line.description, .dim)) }
    }

    private func summary(_ result: RunResult) {
        if let failure = result.transportFailure {
            write(paint("The run ended early: \(failure.location): \(failure.message)", .red))
        }
        let counts = "\(result.tests.count) tests: \(result.count(.passed)) passed, \(result.count(.failed)) failed, "
            + "\(result.count(.error)) errors, \(result.count(.skipped)) skipped"
        let seconds = formatMilliseconds((result.duration / .milliseconds(1)) / 1000)
        let line = "\(counts) — \(result.commandCount) commands in \(seconds) s"
        write(paint(line, result.verdict == .passed ? .green : .red))
    }

    private enum Style: String {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33"
    }

    private func paint(_ text: String, _ style: Style) -> String {
        usesColor ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}
