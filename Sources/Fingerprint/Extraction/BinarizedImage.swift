import Imaging

/// A binary picture: 1 for ridge pixels, 0 for valleys and background.
struct BinaryRaster: Sendable, Hashable {
    let width: Int
    let height: Int
    var bits: [UInt8]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        bits = [UInt8](repeating: 0, count: width * height)
    }

    subscript(x: Int, y: Int) -> Bool {
        get { x >= 0 && y >= 0 && x < width && y < height && bits[y * width + x] != 0 }
        set { bits[y * width + x] = newValue ? 1 : 0 }
    }

    /// Ridge pixels black on white, as fingerprints are printed.
    func rendered(dpi: Double) -> GrayImage {
        GrayImage(width: width, height: height, dpi: dpi, pixels: bits.map { $0 != 0 ? 0 : 255 })
    }
}

/// The enhanced image thresholded at zero inside the foreground, then smoothed by a 3×3
/// majority vote so ridge borders do not sprout one-pixel spurs in the skeleton.
struct BinarizedImage {
    let raster: BinaryRaster

    static func binarize(_ image: EnhancedImage, mask: SegmentationMask) -> BinarizedImage {
        let source = image.raster
        var raw = BinaryRaster(width: source.width, height: source.height)
        for y in 0..<source.height {
            for x in 0..<source.width where source[x, y] > 0 && mask.contains(x: x, y: y) {
                raw.bits[y * source.width + x] = 1
            }
        }
        var smoothed = raw
        for y in 1..<max(source.height - 1, 1) {
            for x in 1..<max(source.width - 1, 1) {
                var votes = 0
                for dy in -1...1 { for dx in -1...1 where raw[x + dx, y + dy] { votes += 1 } }
                smoothed.bits[y * source.width + x] = votes >= 5 ? 1 : 0
            }
        }
        return BinarizedImage(raster: smoothed)
    }
}
