import Foundation
import ArgumentParser

/// A duration on the command line: `10s`, `500ms`, `2m`, `1.5s`, or plain seconds (`10`).
struct DurationArgument: ExpressibleByArgument, Sendable, CustomStringConvertible {
    let duration: Duration
    private let text: String

    init?(argument: String) {
        let units: [(suffix: String, scale: Double)] = [("ms", 0.001), ("s", 1), ("m", 60)]
        let trimmed = argument.trimmingCharacters(in: .whitespaces).lowercased()
        let unit = units.first { trimmed.hasSuffix($0.suffix) && Double(trimmed.dropLast($0.suffix.count)) != nil }
        let number = unit.map { String(trimmed.dropLast($0.suffix.count)) } ?? trimmed
        guard let value = Double(number), value >= 0, value.isFinite else { return nil }
        duration = .milliseconds(Int64((value * (unit?.scale ?? 1) * 1000).rounded()))
        text = argument
    }

    var description: String { text }

    static var defaultCompletionKind: CompletionKind { .default }
}
