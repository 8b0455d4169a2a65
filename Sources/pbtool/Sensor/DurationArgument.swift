import ArgumentParser

/// A duration on the command line: `10s`, `500ms`, `2m`, `1.5s`, or plain seconds (`10`),
/// within ``OptionValue/timeRange``; parsed by ``OptionValue/duration(_:)``.
struct DurationArgument: ExpressibleByArgument, Sendable, CustomStringConvertible {
    let duration: Duration
    private let text: String

    init(seconds: Double, text: String) {
        duration = .milliseconds(Int64((seconds * 1000).rounded()))
        self.text = text
    }

    init?(argument: String) {
        guard let value = try? OptionValue.duration(argument) else { return nil }
        self = value
    }

    var description: String { text }

    static var defaultCompletionKind: CompletionKind { .default }
}
