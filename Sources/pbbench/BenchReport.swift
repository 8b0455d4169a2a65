import Foundation

/// A stated speed or accuracy target.
enum BenchTarget: Sendable, Equatable {
    case atMost(Double)
    case atLeast(Double)
    case within(ClosedRange<Double>)

    func isMet(by value: Double) -> Bool {
        switch self {
        case .atMost(let limit): value <= limit
        case .atLeast(let limit): value >= limit
        case .within(let range): range.contains(value)
        }
    }

    var text: String {
        switch self {
        case .atMost(let limit): "≤ \(BenchReport.format(limit))"
        case .atLeast(let limit): "≥ \(BenchReport.format(limit))"
        case .within(let range): "\(BenchReport.format(range.lowerBound))…\(BenchReport.format(range.upperBound))"
        }
    }
}

/// One measured number, with the target it is checked against when the issue states one.
struct BenchFigure: Sendable {
    let suite: String
    let name: String
    let value: Double
    let unit: String
    let target: BenchTarget?

    var isMet: Bool { target?.isMet(by: value) ?? true }
}

/// Collects figures, skips and notes from every suite and prints them as they arrive.
final class BenchReport: @unchecked Sendable {
    private(set) var figures: [BenchFigure] = []
    private(set) var skips: [(suite: String, reason: String)] = []
    private let lock = NSLock()
    private let printsJSON: Bool
    var currentSuite = ""

    init(printsJSON: Bool) {
        self.printsJSON = printsJSON
    }

    /// Records a measured value; `target` is the issue's stated limit, if any.
    func record(_ name: String, _ value: Double, unit: String, target: BenchTarget? = nil) {
        let figure = BenchFigure(suite: currentSuite, name: name, value: value, unit: unit, target: target)
        lock.withLock { figures.append(figure) }
        guard !printsJSON else { return }
        let verdict = target.map { figure.isMet ? "ok   (target \($0.text) \(unit))" : "MISS (target \($0.text) \(unit))" } ?? ""
        let label = name.padding(toLength: max(name.count, 52), withPad: " ", startingAt: 0)
        print("  \(label) \(Self.format(value).leftPadded(to: 12)) \(unit.padding(toLength: 8, withPad: " ", startingAt: 0)) \(verdict)")
    }

    /// Records that part of a suite could not run here, and why.
    func skip(_ reason: String) {
        lock.withLock { skips.append((currentSuite, reason)) }
        if !printsJSON { print("  skipped: \(reason)") }
    }

    /// Prints a line of context (peer figures, configuration) that is not itself checked.
    func note(_ text: String) {
        if !printsJSON { print("  \(text)") }
    }

    var missed: [BenchFigure] { figures.filter { !$0.isMet } }

    func jsonObject() -> [String: Any] {
        [
            "figures": figures.map { figure -> [String: Any] in
                var object: [String: Any] = [
                    "suite": figure.suite, "name": figure.name, "value": figure.value,
                    "unit": figure.unit, "met": figure.isMet,
                ]
                if let target = figure.target { object["target"] = target.text }
                return object
            },
            "skipped": skips.map { ["suite": $0.suite, "reason": $0.reason] },
        ]
    }

    static func format(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e9 { return String(Int(value)) }
        if abs(value) >= 100 { return String(format: "%.1f", value) }
        if abs(value) >= 1 { return String(format: "%.3f", value) }
        return String(format: "%.4f", value)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
