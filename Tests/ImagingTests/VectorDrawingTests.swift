import Testing
@testable import Imaging

@Suite struct VectorDrawingTests {
    private let red = VectorDrawing.Colour(rgb: 0xFF0000)

    private func inked(_ picture: RGBImage) -> [(x: Int, y: Int)] {
        var points: [(x: Int, y: Int)] = []
        for y in 0..<picture.height {
            for x in 0..<picture.width where picture[x, y] != (255, 255, 255) { points.append((x, y)) }
        }
        return points
    }

    @Test func aLineCoversItsSpanAtItsWidth() {
        var drawing = VectorDrawing(width: 20, height: 10)
        drawing.marks.append(.line(from: .init(2, 5), to: .init(17, 5), colour: red, width: 1))
        let picture = drawing.rasterised(scale: 2)
        #expect(picture.width == 40 && picture.height == 20)
        let points = inked(picture)
        // From x = 4 to 34 pixels with a 2-pixel square pen centred on the line.
        #expect(Set(points.map(\.x)) == Set(3...34))
        #expect(Set(points.map(\.y)) == Set(9...10), "1 unit at scale 2 is 2 pixels thick")
        #expect(points.allSatisfy { picture[$0.x, $0.y] == (255, 0, 0) })
    }

    @Test func textIsAnchoredAtItsStartMiddleOrEndOnTheBaseline() throws {
        // "1" is 5 × 7 dots with ink in columns 1–3; 9 units at scale 2 make 2-pixel dots, and the
        // text is 5 dots wide: the anchor at x = 20 pixels is its start, middle or end.
        for (anchor, expected) in [(VectorDrawing.Anchor.start, 22...27), (.middle, 17...22), (.end, 12...17)] {
            var drawing = VectorDrawing(width: 40, height: 20)
            drawing.marks.append(.text("1", at: .init(10, 15), anchor: anchor, size: 9, vertical: false))
            let points = inked(drawing.rasterised(scale: 2))
            let columns = try #require(points.map(\.x).min())...(try #require(points.map(\.x).max()))
            #expect(columns == expected, "\(anchor)")
            #expect(points.map(\.y).max() == 29 && points.map(\.y).min() == 16, "seven rows of 2 pixels above y = 30")
        }
    }

    @Test func verticalTextReadsUpwards() throws {
        var drawing = VectorDrawing(width: 40, height: 60)
        drawing.marks.append(.text("ab", at: .init(20, 40), anchor: .start, size: 9, vertical: true))
        let points = inked(drawing.rasterised(scale: 1))
        let height = try #require(points.map(\.y).max()) - (try #require(points.map(\.y).min()))
        let width = try #require(points.map(\.x).max()) - (try #require(points.map(\.x).min()))
        #expect(height > width, "two glyphs stacked along y")
        #expect(try #require(points.map(\.y).max()) < 40 && (try #require(points.map(\.x).max())) < 20)
    }

    @Test func unknownCharactersDrawAsAQuestionMark() {
        #expect(PixelFont.rows("é") == PixelFont.rows("?"))
        #expect(PixelFont.rows(" ").allSatisfy { $0 == 0 })
        #expect(PixelFont.rows("~") != PixelFont.rows("?"))
    }

    @Test func svgEscapesTextAndNamesColoursInHex() {
        var drawing = VectorDrawing(width: 10, height: 10)
        drawing.marks.append(.text("a<b&c", at: .init(1, 9), anchor: .end, size: 14, vertical: false))
        drawing.marks.append(.polyline([.init(0, 0), .init(1.25, 2)], colour: red, width: 1.8))
        let svg = drawing.svg
        #expect(svg.contains("<text x=\"1\" y=\"9\" text-anchor=\"end\" font-size=\"14\">a&lt;b&amp;c</text>"))
        #expect(svg.contains("<polyline fill=\"none\" stroke=\"#ff0000\" stroke-width=\"1.8\" points=\"0.0,0.0 1.3,2.0\"/>"))
    }
}
