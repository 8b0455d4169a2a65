import Foundation

/// A detection error trade-off plot (FNMR against FMR, both on log scales) rendered as SVG text.
///
/// Pure: it returns the document, the caller writes it where it wants.
public struct DETCurve: Sendable {
    /// One matcher's curve: its label and score lists.
    public struct Series: Sendable {
        public let label: String
        public let genuine: [Double]
        public let impostor: [Double]

        public init(label: String, genuine: [Double], impostor: [Double]) {
            self.label = label
            self.genuine = genuine
            self.impostor = impostor
        }
    }

    public let title: String
    public let series: [Series]
    /// Rates below this are drawn at it (a log axis has no zero).
    public let floor: Double

    public init(title: String, series: [Series], floor: Double = 1e-4) {
        self.title = title
        self.series = series
        self.floor = floor
    }

    static let colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"]
    static let size = (width: 560.0, height: 480.0, left: 70.0, right: 20.0, top: 40.0, bottom: 60.0)

    /// The plot as a standalone SVG document.
    public func svg() -> String {
        let s = Self.size
        var parts = ["<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(s.width))\" height=\"\(Int(s.height))\" "
                     + "viewBox=\"0 0 \(Int(s.width)) \(Int(s.height))\" font-family=\"sans-serif\" font-size=\"12\">",
                     "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
                     "<text x=\"\(Int(s.width / 2))\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">\(Self.escaped(title))</text>"]
        parts += axes()
        for (index, item) in series.enumerated() {
            let colour = Self.colours[index % Self.colours.count]
            parts.append("<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"1.8\" points=\"\(points(item))\"/>")
            let y = s.top + 16 + Double(index) * 16
            parts.append("<line x1=\"\(Int(s.width - 200))\" y1=\"\(Int(y - 4))\" x2=\"\(Int(s.width - 180))\" y2=\"\(Int(y - 4))\" stroke=\"\(colour)\" stroke-width=\"2\"/>")
            parts.append("<text x=\"\(Int(s.width - 175))\" y=\"\(Int(y))\">\(Self.escaped(item.label))</text>")
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }

    private var decades: Int { max(1, Int((-log10(floor)).rounded(.up))) }

    private func position(falseMatchRate: Double, falseNonMatchRate: Double) -> (x: Double, y: Double) {
        let s = Self.size
        let plotWidth = s.width - s.left - s.right, plotHeight = s.height - s.top - s.bottom
        func fraction(_ rate: Double) -> Double { (log10(max(rate, floor)) + Double(decades)) / Double(decades) }
        return (s.left + fraction(falseMatchRate) * plotWidth, s.top + (1 - fraction(falseNonMatchRate)) * plotHeight)
    }

    private func points(_ item: Series) -> String {
        guard !item.genuine.isEmpty, !item.impostor.isEmpty else { return "" }
        return ErrorCurve(genuine: item.genuine, impostor: item.impostor).points.map { point in
            let p = position(falseMatchRate: point.falseMatchRate, falseNonMatchRate: point.falseNonMatchRate)
            return String(format: "%.1f,%.1f", p.x, p.y)
        }.joined(separator: " ")
    }

    private func axes() -> [String] {
        let s = Self.size
        var parts: [String] = []
        for power in 0...decades {
            let rate = pow(10, -Double(power))
            let label = power == 0 ? "1" : "1e-\(power)"
            let vertical = position(falseMatchRate: rate, falseNonMatchRate: floor)
            let horizontal = position(falseMatchRate: floor, falseNonMatchRate: rate)
            parts.append("<line x1=\"\(Int(vertical.x))\" y1=\"\(Int(s.top))\" x2=\"\(Int(vertical.x))\" y2=\"\(Int(s.height - s.bottom))\" stroke=\"#ddd\"/>")
            parts.append("<line x1=\"\(Int(s.left))\" y1=\"\(Int(horizontal.y))\" x2=\"\(Int(s.width - s.right))\" y2=\"\(Int(horizontal.y))\" stroke=\"#ddd\"/>")
            parts.append("<text x=\"\(Int(vertical.x))\" y=\"\(Int(s.height - s.bottom + 16))\" text-anchor=\"middle\">\(label)</text>")
            parts.append("<text x=\"\(Int(s.left - 6))\" y=\"\(Int(horizontal.y + 4))\" text-anchor=\"end\">\(label)</text>")
        }
        parts.append("<rect x=\"\(Int(s.left))\" y=\"\(Int(s.top))\" width=\"\(Int(s.width - s.left - s.right))\" height=\"\(Int(s.height - s.top - s.bottom))\" fill=\"none\" stroke=\"black\"/>")
        parts.append("<text x=\"\(Int((s.width + s.left - s.right) / 2))\" y=\"\(Int(s.height - 18))\" text-anchor=\"middle\">false match rate (FMR)</text>")
        parts.append("<text transform=\"translate(18 \(Int((s.height + s.top - s.bottom) / 2))) rotate(-90)\" text-anchor=\"middle\">false non-match rate (FNMR)</text>")
        return parts
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
