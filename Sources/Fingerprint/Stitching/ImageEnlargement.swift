import Imaging

/// Enlarges an image by a whole factor, the way some drivers make a small sensor's image big
/// enough for extraction (AES3500 and Egis 0570 ×2 bilinear, VFS7552 ×2 by repeating pixels).
///
/// The bilinear filter samples as pixman does for libfprint's image resize: output pixel x
/// reads the source at (x + ½) / factor − ½, pixels outside the source count as 0, weights
/// have 7 bits, and the weighted sum is truncated. For factor 2 the weights are exactly ¼ and ¾.
public struct ImageEnlargement: Sendable, Hashable {
    /// How new pixels get their values.
    public enum Filter: String, Sendable, Hashable {
        /// Each source pixel becomes a factor × factor block.
        case nearest
        /// Interpolated between the four nearest source pixels.
        case bilinear
    }

    /// Output pixels per source pixel, in each direction.
    public var factor: Int
    /// Nearest or bilinear.
    public var filter: Filter

    public init(factor: Int, filter: Filter) {
        precondition(factor >= 1, "an enlargement factor is at least 1")
        self.factor = factor
        self.filter = filter
    }

    /// Leaves images as they are.
    public static let none = ImageEnlargement(factor: 1, filter: .nearest)

    /// The enlarged copy of `image`, with its resolution multiplied by the factor.
    public func apply(to image: GrayImage) -> GrayImage {
        guard factor > 1 else { return image }
        let width = image.width * factor, height = image.height * factor
        let pixels = filter == .nearest ? repeated(image) : interpolated(image)
        return GrayImage(width: width, height: height, dpi: image.dpi * Double(factor), pixels: pixels)
    }

    private func repeated(_ image: GrayImage) -> [UInt8] {
        let width = image.width * factor
        var pixels = [UInt8](repeating: 0, count: width * image.height * factor)
        for y in 0..<(image.height * factor) {
            let sourceRow = (y / factor) * image.width
            for x in 0..<width { pixels[y * width + x] = image.pixels[sourceRow + x / factor] }
        }
        return pixels
    }

    private func interpolated(_ image: GrayImage) -> [UInt8] {
        let columns = (0..<(image.width * factor)).map(sample)
        let rows = (0..<(image.height * factor)).map(sample)
        var pixels = [UInt8](repeating: 0, count: columns.count * rows.count)
        image.pixels.withUnsafeBufferPointer { source in
            let fetch = { (x: Int, y: Int) -> Int in
                x >= 0 && y >= 0 && x < image.width && y < image.height ? Int(source[y * image.width + x]) : 0
            }
            for (y, row) in rows.enumerated() {
                let dy = row.weight, idy = 256 &- row.weight
                for (x, column) in columns.enumerated() {
                    let dx = column.weight, idx = 256 &- column.weight
                    let sum = fetch(column.index, row.index) &* idx &* idy
                        &+ fetch(column.index &+ 1, row.index) &* dx &* idy
                        &+ fetch(column.index, row.index &+ 1) &* idx &* dy
                        &+ fetch(column.index &+ 1, row.index &+ 1) &* dx &* dy
                    pixels[y * columns.count + x] = UInt8(truncatingIfNeeded: sum >> 16)
                }
            }
        }
        return pixels
    }

    /// The source pixel left of (or above) output position `output`, and the weight of the
    /// next one in 1/256 (7 significant bits, as pixman's bilinear filter keeps).
    private func sample(_ output: Int) -> (index: Int, weight: Int) {
        // Source position in 1/65536: ((output + ½) / factor − ½) · 65536.
        let position = ((2 * output + 1) * 65_536) / (2 * factor) - 32_768
        let index = position >> 16
        let weight = ((position & 0xffff) >> 9) << 1
        return (index, weight)
    }
}
