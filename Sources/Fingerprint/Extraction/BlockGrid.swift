/// The square blocks an image is divided into for its orientation, mask and frequency fields.
struct BlockGrid: Sendable, Hashable {
    let blockSize: Int
    /// Image size in pixels.
    let imageWidth: Int
    let imageHeight: Int

    var columns: Int { (imageWidth + blockSize - 1) / blockSize }
    var rows: Int { (imageHeight + blockSize - 1) / blockSize }

    /// The block holding pixel `(x, y)`, clamped to the grid.
    func block(x: Int, y: Int) -> (column: Int, row: Int) {
        (min(max(x / blockSize, 0), columns - 1), min(max(y / blockSize, 0), rows - 1))
    }

    /// Fractional block coordinates of a pixel position, block centres at whole numbers.
    func blockPosition(x: Double, y: Double) -> (x: Double, y: Double) {
        ((x + 0.5) / Double(blockSize) - 0.5, (y + 0.5) / Double(blockSize) - 0.5)
    }

    /// The pixel rows and columns a block covers, clipped to the image.
    func pixelRange(column: Int, row: Int) -> (x: Range<Int>, y: Range<Int>) {
        let x0 = column * blockSize, y0 = row * blockSize
        return (x0..<min(x0 + blockSize, imageWidth), y0..<min(y0 + blockSize, imageHeight))
    }

    func emptyField(fill: Float = 0) -> FloatRaster {
        FloatRaster(width: columns, height: rows, fill: fill)
    }
}
