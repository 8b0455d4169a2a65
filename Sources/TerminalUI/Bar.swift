/// Horizontal bars for quality, area and similar 0…1 measures, shared by the capture screens.
public enum Bar {
    /// Colours a bar by how good its value is.
    public struct Thresholds: Sendable, Hashable {
        /// Below this the bar is red.
        public var poor: Double
        /// Below this (and not poor) it is yellow; at or above, green.
        public var good: Double

        /// Thresholds on the 0…1 scale.
        public init(poor: Double, good: Double) {
            self.poor = poor
            self.good = good
        }
    }

    /// Eighth blocks for sub-cell precision, empty to full.
    static let partials: [Character] = [" ", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// A bar of `width` cells filled to `fraction` (clamped to 0…1): `█…▌░░` in colour modes,
    /// `[####....]` (including the brackets) in plain mode.
    public static func render(fraction: Double, width: Int, depth: ColorDepth, thresholds: Thresholds? = nil) -> String {
        let value = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        guard width > 0 else { return "" }
        if depth == .plain {
            let inner = max(width - 2, 0)
            let filled = Int((value * Double(inner)).rounded())
            return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: inner - filled) + "]"
        }
        let eighths = Int((value * Double(width) * 8).rounded())
        let full = eighths / 8, remainder = eighths % 8
        var bar = String(repeating: "█", count: full)
        if full < width {
            bar += remainder > 0 ? String(partials[remainder]) : "░"
            bar += String(repeating: "░", count: width - full - 1)
        }
        guard let thresholds else { return bar }
        return colour(for: value, thresholds: thresholds, depth: depth) + bar + ANSI.reset
    }

    /// `label  bar  value` on one line, the label padded to `labelWidth`.
    public static func line(label: String, fraction: Double, valueText: String, width: Int, depth: ColorDepth,
                            labelWidth: Int = 10, thresholds: Thresholds? = nil) -> String {
        let paddedLabel = label.count >= labelWidth ? label : label + String(repeating: " ", count: labelWidth - label.count)
        return paddedLabel + " " + render(fraction: fraction, width: width, depth: depth, thresholds: thresholds)
            + " " + valueText
    }

    private static func colour(for value: Double, thresholds: Thresholds, depth: ColorDepth) -> String {
        if value < thresholds.poor { return ANSI.foreground(red: 220, green: 50, blue: 47, depth: depth) }
        if value < thresholds.good { return ANSI.foreground(red: 230, green: 180, blue: 0, depth: depth) }
        return ANSI.foreground(red: 60, green: 180, blue: 75, depth: depth)
    }
}
