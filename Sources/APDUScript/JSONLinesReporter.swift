import Foundation

/// Reports a run as JSON lines: one object per trace line, per test and for the summary, each
/// with an `"event"` key (`start`, `trace`, `test`, `summary`). Shapes: docs/apdu-scripts.md.
public final class JSONLinesReporter: ScriptRunObserver {
    private let write: (String) -> Void
    private let encoder: JSONEncoder

    /// A reporter writing one JSON object per line through `write`.
    public init(write: @escaping (String) -> Void) {
        self.write = write
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    public func receive(_ event: RunEvent) {
        switch event {
        case .started(let planned):
            emit(StartLine(planned: planned.count))
        case .trace(let identity, let line):
            emit(TraceEventLine(file: identity.file, test: identity.name, line: line))
        case .finished(let result):
            emit(TestLine(result))
        case .completed(let result):
            emit(SummaryLine(result))
        }
    }

    private func emit(_ value: some Encodable) {
        guard let data = try? encoder.encode(value) else { return }
        write(String(decoding: data, as: UTF8.self))
    }
}

private struct StartLine: Encodable {
    let event = "start"
    let planned: Int
}

private struct TraceEventLine: Encodable {
    let event = "trace"
    let file: String
    let test: String
    let line: TraceLine

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(event, forKey: .event)
        try container.encode(file, forKey: .file)
        try container.encode(test, forKey: .test)
        try container.encode(line.kind, forKey: .kind)
        try container.encode(line.text, forKey: .text)
        try container.encodeIfPresent(line.purpose, forKey: .purpose)
        try container.encodeIfPresent(line.milliseconds, forKey: .milliseconds)
    }

    private enum Key: String, CodingKey { case event, file, test, kind, text, purpose, milliseconds }
}

private struct TestLine: Encodable {
    let event = "test"
    let file: String
    let test: String
    let line: Int
    let column: Int
    let status: TestStatus
    let milliseconds: Double
    let commands: Int
    let failures: [TestFailure]

    init(_ result: TestResult) {
        file = result.identity.file
        test = result.identity.name
        line = result.identity.location.line
        column = result.identity.location.column
        status = result.status
        milliseconds = result.duration / .milliseconds(1)
        commands = result.commandCount
        failures = result.failures
    }
}

private struct SummaryLine: Encodable {
    let event = "summary"
    let verdict: RunResult.Verdict
    let tests: Int
    let passed: Int
    let failed: Int
    let errors: Int
    let skipped: Int
    let commands: Int
    let milliseconds: Double
    let transportFailure: TestFailure?

    init(_ result: RunResult) {
        verdict = result.verdict
        tests = result.tests.count
        passed = result.count(.passed)
        failed = result.count(.failed)
        errors = result.count(.error)
        skipped = result.count(.skipped)
        commands = result.commandCount
        milliseconds = result.duration / .milliseconds(1)
        transportFailure = result.transportFailure
    }
}
