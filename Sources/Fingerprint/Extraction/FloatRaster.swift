import Imaging

/// A grid of `Float` values, row-major: the working form of every image-like step product.
///
/// Internal to the extractor; steps expose it through their own named types.
struct FloatRaster: Sendable {
    let width: Int
    let height: Int
    var values: [Float]

    init(width: Int, height: Int, fill: Float = 0) {
        self.width = width
        self.height = height
        values = [Float](repeating: fill, count: width * height)
    }

    init(width: Int, height: Int, values: [Float]) {
        precondition(values.count == width * height, "raster size mismatch")
        self.width = width
        self.height = height
        self.values = values
    }

    subscript(x: Int, y: Int) -> Float {
        get { values[y * width + x] }
        set { values[y * width + x] = newValue }
    }

    /// The value at `(x, y)` with coordinates clamped to the raster.
    func clamped(_ x: Int, _ y: Int) -> Float {
        values[min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)]
    }

    /// Bilinear interpolation at a fractional position, clamped at the borders.
    func interpolated(x: Double, y: Double) -> Float {
        let fx = min(max(x, 0), Double(width - 1)), fy = min(max(y, 0), Double(height - 1))
        let x0 = Int(fx), y0 = Int(fy)
        let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
        let ax = Float(fx - Double(x0)), ay = Float(fy - Double(y0))
        let top = values[y0 * width + x0] * (1 - ax) + values[y0 * width + x1] * ax
        let bottom = values[y1 * width + x0] * (1 - ax) + values[y1 * width + x1] * ax
        return top * (1 - ay) + bottom * ay
    }

    /// Maps `low` to black and `high` to white (either may be the larger) for inspection dumps.
    func rendered(low: Float, high: Float, dpi: Double) -> GrayImage {
        let span = high == low ? 1 : high - low
        let pixels = values.map { UInt8(min(max((($0 - low) / span) * 255, 0), 255).rounded()) }
        return GrayImage(width: width, height: height, dpi: dpi, pixels: pixels)
    }
}
