extension VectorDrawing {
    /// The drawing as pixels on white, `scale` pixels per page unit: strokes are squares stamped
    /// along each segment, text is ``PixelFont`` at a whole-pixel size near the text's size.
    public func rasterised(scale: Int = 2) -> RGBImage {
        var canvas = RasterCanvas(width: Int(width) * scale, height: Int(height) * scale, scale: Double(scale))
        for mark in marks { canvas.draw(mark) }
        return RGBImage(width: canvas.width, height: canvas.height, pixels: canvas.pixels)
    }
}

/// The pixels a ``VectorDrawing`` is drawn into.
struct RasterCanvas {
    let width: Int
    let height: Int
    let scale: Double
    private(set) var pixels: [UInt8]

    init(width: Int, height: Int, scale: Double) {
        self.width = width
        self.height = height
        self.scale = scale
        pixels = [UInt8](repeating: 255, count: width * height * 3)
    }

    mutating func draw(_ mark: VectorDrawing.Mark) {
        switch mark {
        case let .line(from, to, colour, width):
            stroke(from, to, colour: colour, width: width)
        case let .polyline(points, colour, width):
            for (from, to) in zip(points, points.dropFirst()) { stroke(from, to, colour: colour, width: width) }
        case let .frame(origin, width, height, colour):
            let corners = [origin, .init(origin.x + width, origin.y), .init(origin.x + width, origin.y + height),
                           .init(origin.x, origin.y + height), origin]
            for (from, to) in zip(corners, corners.dropFirst()) { stroke(from, to, colour: colour, width: 1) }
        case let .text(text, at, anchor, size, vertical):
            write(text, at: at, anchor: anchor, size: size, vertical: vertical)
        }
    }

    /// A segment `width` page units thick.
    private mutating func stroke(_ from: VectorDrawing.Point, _ to: VectorDrawing.Point,
                                 colour: VectorDrawing.Colour, width: Double) {
        let thickness = max(1, Int((width * scale).rounded()))
        let (x0, y0, x1, y1) = (from.x * scale, from.y * scale, to.x * scale, to.y * scale)
        let steps = max(1, Int(max(abs(x1 - x0), abs(y1 - y0)).rounded(.up)))
        for step in 0...steps {
            let t = Double(step) / Double(steps)
            let x = Int((x0 + (x1 - x0) * t).rounded()) - thickness / 2
            let y = Int((y0 + (y1 - y0) * t).rounded()) - thickness / 2
            fill(x: x, y: y, side: thickness, colour: colour)
        }
    }

    /// Text whose baseline passes through `at`, read upwards when `vertical`.
    private mutating func write(_ text: String, at: VectorDrawing.Point, anchor: VectorDrawing.Anchor,
                                size: Double, vertical: Bool) {
        let dot = max(1, Int(size * scale / 9))
        let length = max(0, text.count * PixelFont.advance - 1) * dot
        let shift = switch anchor {
        case .start: 0
        case .middle: length / 2
        case .end: length
        }
        let originX = Int((at.x * scale).rounded()), originY = Int((at.y * scale).rounded())
        for (index, character) in text.enumerated() {
            for (row, bits) in PixelFont.rows(character).enumerated() {
                for column in 0..<PixelFont.width where bits & (0x10 >> column) != 0 {
                    // Along the baseline and down from the text's top, before turning.
                    let along = index * PixelFont.advance * dot + column * dot - shift
                    let down = (row - PixelFont.height) * dot
                    let (x, y) = vertical ? (originX + down, originY - along - dot) : (originX + along, originY + down)
                    fill(x: x, y: y, side: dot, colour: .black)
                }
            }
        }
    }

    private mutating func fill(x: Int, y: Int, side: Int, colour: VectorDrawing.Colour) {
        guard x < width, y < height, x + side > 0, y + side > 0 else { return }
        for row in max(0, y)..<min(height, y + side) {
            for column in max(0, x)..<min(width, x + side) {
                let index = 3 * (row * width + column)
                pixels[index] = colour.red
                pixels[index + 1] = colour.green
                pixels[index + 2] = colour.blue
            }
        }
    }
}
