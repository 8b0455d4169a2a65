import Foundation
import ArgumentParser

/// The numbers the command line takes, by kind: one parser, one range and one message each
/// (docs/robustness.md lists which options use which).
///
/// Options use them as `@Option(parsing: .unconditional, …, transform: OptionValue.dpi)`: the
/// value after the option is always taken as its value, so `--dpi -5` reaches the range check
/// ("must be 100 to 2000 dpi") instead of being read as an unknown option ("missing value").
enum OptionValue {
    /// Every timeout: 1 ms to a day.
    static let timeRange: ClosedRange<Double> = 0.001...86_400

    /// A time in seconds: `10`, `10s`, `1.5s`, `500ms`, `2m`.
    static func seconds(_ text: String) throws -> Double {
        guard let value = parseSeconds(text), timeRange.contains(value) else {
            throw ValidationError("must be from 1ms to 24h: seconds (10, 1.5) or with a unit (500ms, 10s, 2m, 1h)")
        }
        return value
    }

    /// The same time as a ``DurationArgument``.
    static func duration(_ text: String) throws -> DurationArgument {
        DurationArgument(seconds: try seconds(text), text: text)
    }

    /// A scan resolution in dots per inch.
    static func dpi(_ text: String) throws -> Double {
        try number(text, in: 100...2000, "must be a resolution from 100 to 2000 dpi")
    }

    /// A host-matcher score threshold (about 100 is a strong match).
    static func score(_ text: String) throws -> Double {
        try number(text, in: 0...10_000, "must be a score from 0 to 10000")
    }

    /// A false-match rate: `1/10000`, `0.0001` or `1e-4`.
    static func rate(_ text: String) throws -> Double {
        guard let value = parseRate(text), value >= 1e-9, value < 1 else {
            throw ValidationError("must be a rate from 1e-9 to below 1, written 1/10000, 0.0001 or 1e-4")
        }
        return value
    }

    /// A whole number within `range`, e.g. counts of swipes, tries or candidates.
    static func count(_ range: ClosedRange<Int>) -> @Sendable (String) throws -> Int {
        { text in
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)), range.contains(value) else {
                throw ValidationError("must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return value
        }
    }

    /// A decimal number within `range` of `unit` (mm², bits per pixel).
    static func measure(_ range: ClosedRange<Double>, _ unit: String) -> @Sendable (String) throws -> Double {
        { text in try number(text, in: range, "must be from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)) \(unit)") }
    }

    private static func number(_ text: String, in range: ClosedRange<Double>, _ message: String) throws -> Double {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite, range.contains(value) else {
            throw ValidationError(message)
        }
        return value
    }

    static func parseSeconds(_ text: String) -> Double? {
        let units: [(suffix: String, scale: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let unit = units.first { trimmed.hasSuffix($0.suffix) && Double(trimmed.dropLast($0.suffix.count)) != nil }
        let number = unit.map { String(trimmed.dropLast($0.suffix.count)) } ?? trimmed
        guard let value = Double(number), value.isFinite else { return nil }
        return value * (unit?.scale ?? 1)
    }

    static func parseRate(_ text: String) -> Double? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2, let numerator = Double(parts[0]), let denominator = Double(parts[1]), denominator > 0 {
            return numerator / denominator
        }
        return Double(text.trimmingCharacters(in: .whitespaces))
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
