import Fingerprint
import Imaging
import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite struct DETCurveTests {
    /// Element names and `polyline` point lists of an SVG document, or nil when it is not well-formed XML.
    final class SVGReader: NSObject, XMLParserDelegate {
        var elements: [String] = []
        var polylines: [String] = []
        var texts: [String] = []

        static func read(_ svg: String) -> SVGReader? {
            let reader = SVGReader()
            let parser = XMLParser(data: Data(svg.utf8))
            parser.delegate = reader
            return parser.parse() ? reader : nil
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            elements.append(name)
            if name == "polyline" { polylines.append(attributes["points"] ?? "") }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            texts.append(string)
        }
    }

    static let curve = DETCurve(title: "DB1 <host & card>", series: [
        .init(label: "host", genuine: [40, 55, 60, 80, 120], impostor: [10, 12, 20, 25, 41]),
        .init(label: "card <60>", genuine: [8, 9, 15, 30], impostor: [1, 2, 3, 9.5]),
    ])

    @Test func svgIsWellFormedWithOneCurvePerSeries() throws {
        let reader = try #require(SVGReader.read(Self.curve.svg()), "the SVG does not parse as XML")
        #expect(reader.elements.first == "svg")
        #expect(reader.polylines.count == 2)
        for points in reader.polylines { #expect(!points.isEmpty) }
    }

    @Test func titleAndLabelsAreEscapedText() throws {
        let svg = Self.curve.svg()
        #expect(svg.contains("DB1 &lt;host &amp; card&gt;"))
        let reader = try #require(SVGReader.read(svg))
        let text = reader.texts.joined()
        #expect(text.contains("DB1 <host & card>") && text.contains("card <60>"))
    }

    /// Every plotted point lies inside the 560 × 480 canvas (rates below the floor are drawn at it).
    @Test func pointsStayOnTheCanvas() throws {
        let reader = try #require(SVGReader.read(Self.curve.svg()))
        for list in reader.polylines {
            for pair in list.split(separator: " ") {
                let xy = pair.split(separator: ",").compactMap { Double($0) }
                try #require(xy.count == 2, "bad point '\(pair)'")
                #expect((0...560).contains(xy[0]) && (0...480).contains(xy[1]))
            }
        }
    }

    @Test func emptySeriesStillGivesAValidDocument() throws {
        let curve = DETCurve(title: "empty", series: [.init(label: "none", genuine: [], impostor: [])], floor: 1e-3)
        let reader = try #require(SVGReader.read(curve.svg()))
        #expect(reader.polylines == [""])
    }
}

@Suite struct DETCurvePictureTests {
    /// The pixels the raster picture draws in `colour`.
    private func count(_ colour: (UInt8, UInt8, UInt8), in picture: RGBImage) -> Int {
        var found = 0
        for y in 0..<picture.height {
            for x in 0..<picture.width where picture[x, y] == colour { found += 1 }
        }
        return found
    }

    @Test func thePictureShowsEachSeriesInItsColourAtTwiceTheSize() {
        let picture = DETCurveTests.curve.drawing().rasterised(scale: 2)
        #expect(picture.width == 1_120 && picture.height == 960)
        // Series 1 and 2: #1f77b4 and #d62728, each a curve and a legend stroke.
        #expect(count((0x1F, 0x77, 0xB4), in: picture) > 100)
        #expect(count((0xD6, 0x27, 0x28), in: picture) > 100)
        #expect(count((0, 0, 0), in: picture) > 2_000, "frame, tick labels, axis titles and the title are black")
        #expect(count((0x2C, 0xA0, 0x2C), in: picture) == 0, "no third series")
    }

    @Test func theSVGAndThePictureComeFromOneDrawing() {
        let drawing = DETCurveTests.curve.drawing()
        #expect(drawing.svg == DETCurveTests.curve.svg())
        let polylines = drawing.marks.filter { if case .polyline = $0 { true } else { false } }
        #expect(polylines.count == 2)
    }
}
