import Foundation
import Imaging

/// A detection error trade-off plot (FNMR against FMR, both on log scales) as a ``VectorDrawing``,
/// for SVG text or PNG pixels.
///
/// Pure: it returns the document or drawing, the caller writes it where it wants.
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

    static let colours = [0x1F77B4, 0xD62728, 0x2CA02C, 0x9467BD, 0xFF7F0E, 0x8C564B, 0xE377C2, 0x17BECF]
        .map(VectorDrawing.Colour.init(rgb:))
    static let size = (width: 560.0, height: 480.0, left: 70.0, right: 20.0, top: 40.0, bottom: 60.0)

    /// The plot as a standalone SVG document.
    public func svg() -> String { drawing().svg }

    /// The plot as lines and text, for SVG or pixels (`drawing().rasterised()`).
    public func drawing() -> VectorDrawing {
        let s = Self.size
        var drawing = VectorDrawing(width: s.width, height: s.height)
        drawing.marks.append(.text(title, at: .init(s.width / 2, 22), anchor: .middle, size: 14, vertical: false))
        drawing.marks += axes()
        for (index, item) in series.enumerated() {
            let colour = Self.colours[index % Self.colours.count]
            drawing.marks.append(.polyline(points(item), colour: colour, width: 1.8))
            let y = s.top + 16 + Double(index) * 16
            drawing.marks.append(.line(from: .init(s.width - 200, y - 4), to: .init(s.width - 180, y - 4), colour: colour, width: 2))
            drawing.marks.append(.text(item.label, at: .init(s.width - 175, y), anchor: .start, size: 12, vertical: false))
        }
        return drawing
    }

    private var decades: Int { max(1, Int((-log10(floor)).rounded(.up))) }

    private func position(falseMatchRate: Double, falseNonMatchRate: Double) -> (x: Double, y: Double) {
        let s = Self.size
        let plotWidth = s.width - s.left - s.right, plotHeight = s.height - s.top - s.bottom
        func fraction(_ rate: Double) -> Double { (log10(max(rate, floor)) + Double(decades)) / Double(decades) }
        return (s.left + fraction(falseMatchRate) * plotWidth, s.top + (1 - fraction(falseNonMatchRate)) * plotHeight)
    }

    private func points(_ item: Series) -> [VectorDrawing.Point] {
        guard !item.genuine.isEmpty, !item.impostor.isEmpty else { return [] }
        return ErrorCurve(genuine: item.genuine, impostor: item.impostor).points.map { point in
            let p = position(falseMatchRate: point.falseMatchRate, falseNonMatchRate: point.falseNonMatchRate)
            return VectorDrawing.Point(p.x, p.y)
        }
    }

    private func axes() -> [VectorDrawing.Mark] {
        let s = Self.size
        let (left, right, top, bottom) = (s.left, s.width - s.right, s.top, s.height - s.bottom)
        var marks: [VectorDrawing.Mark] = []
        for power in 0...decades {
            let rate = pow(10, -Double(power))
            let label = power == 0 ? "1" : "1e-\(power)"
            let vertical = position(falseMatchRate: rate, falseNonMatchRate: floor)
            let horizontal = position(falseMatchRate: floor, falseNonMatchRate: rate)
            marks.append(.line(from: .init(vertical.x, top), to: .init(vertical.x, bottom), colour: .grid, width: 1))
            marks.append(.line(from: .init(left, horizontal.y), to: .init(right, horizontal.y), colour: .grid, width: 1))
            marks.append(.text(label, at: .init(vertical.x, bottom + 16), anchor: .middle, size: 12, vertical: false))
            marks.append(.text(label, at: .init(left - 6, horizontal.y + 4), anchor: .end, size: 12, vertical: false))
        }
        marks.append(.frame(origin: .init(left, top), width: right - left, height: bottom - top, colour: .black))
        marks.append(.text("false match rate (FMR)", at: .init((s.width + s.left - s.right) / 2, s.height - 18),
                           anchor: .middle, size: 12, vertical: false))
        marks.append(.text("false non-match rate (FNMR)", at: .init(18, (s.height + s.top - s.bottom) / 2),
                           anchor: .middle, size: 12, vertical: true))
        return marks
    }
}
