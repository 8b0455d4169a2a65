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
        let source = image.raster, width = source.width, height = source.height
        var raw = BinaryRaster(width: width, height: height)
        let size = mask.grid.blockSize, columns = mask.grid.columns
        source.values.withUnsafeBufferPointer { values in
            mask.foreground.withUnsafeBufferPointer { blocks in
                raw.bits.withUnsafeMutableBufferPointer { bits in
                    for y in 0..<height {
                        let row = y &* width, blockRow = (y / size) &* columns
                        for x in 0..<width where values[row &+ x] > 0 && blocks[blockRow &+ x / size] {
                            bits[row &+ x] = 1
                        }
                    }
                }
            }
        }
        var smoothed = raw
        guard width > 2, height > 2 else { return BinarizedImage(raster: smoothed) }
        raw.bits.withUnsafeBufferPointer { bits in
            smoothed.bits.withUnsafeMutableBufferPointer { target in
                for y in 1..<(height - 1) {
                    let above = (y &- 1) &* width, here = y &* width, below = (y &+ 1) &* width
                    for x in 1..<(width - 1) {
                        // Three columns of three rows: the 3×3 vote without bounds checks.
                        var votes = Int(bits[above &+ x &- 1]) &+ Int(bits[above &+ x]) &+ Int(bits[above &+ x &+ 1])
                        votes &+= Int(bits[here &+ x &- 1]) &+ Int(bits[here &+ x]) &+ Int(bits[here &+ x &+ 1])
                        votes &+= Int(bits[below &+ x &- 1]) &+ Int(bits[below &+ x]) &+ Int(bits[below &+ x &+ 1])
                        target[here &+ x] = votes >= 5 ? 1 : 0
                    }
                }
            }
        }
        return BinarizedImage(raster: smoothed)
    }
}
