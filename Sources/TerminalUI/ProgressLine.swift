/// A one-line progress report ("enrolling  ████░░░░  3/5 swipes"), rewritten in place on a
/// terminal and printed as ordinary lines elsewhere.
public struct ProgressLine: Sendable {
    /// Text before the bar.
    public var label: String
    /// Steps in all.
    public var total: Int
    /// Unit after the count ("swipes", "images").
    public var unit: String

    /// A progress line of `total` steps.
    public init(label: String, total: Int, unit: String = "") {
        self.label = label
        self.total = total
        self.unit = unit
    }

    /// The line for `completed` steps, fitted to `columns` cells; `detail` ("0:12 left") follows the count.
    public func text(completed: Int, columns: Int, depth: ColorDepth, detail: String = "") -> String {
        let done = min(max(completed, 0), max(total, 0))
        let count = "\(done)/\(total)" + (unit.isEmpty ? "" : " \(unit)") + (detail.isEmpty ? "" : "  \(detail)")
        let barWidth = max(columns - label.count - count.count - 2, 4)
        let fraction = total > 0 ? Double(done) / Double(total) : 0
        return label + " " + Bar.render(fraction: fraction, width: barWidth, depth: depth) + " " + count
    }

    /// `text` prepared for output: on a terminal, a carriage return first and a clear-to-end after,
    /// so each update overwrites the last (no newline); elsewhere, a plain line.
    public static func update(_ text: String, isTerminal: Bool) -> String {
        isTerminal ? "\r" + text + ANSI.clearToEndOfLine : text + "\n"
    }
}
