/// An 8-bit RGB picture, for output that needs colour (plots, minutiae drawn over a fingerprint).
///
/// Pixels are interleaved `R G B`, row-major, top row first.
public struct RGBImage: Sendable, Hashable {
    /// Size in pixels.
    public let width: Int
    public let height: Int
    /// Resolution in dots per inch.
    public var dpi: Double
    /// `3 × width × height` samples, `R G B` per pixel.
    public var pixels: [UInt8]

    /// Wraps `pixels`, which must hold exactly `3 × width × height` values.
    public init(width: Int, height: Int, dpi: Double = 500, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0, "negative image size \(width)×\(height)")
        precondition(pixels.count == 3 * width * height,
                     "\(pixels.count) bytes do not fill a \(width)×\(height) RGB image")
        self.width = width
        self.height = height
        self.dpi = dpi
        self.pixels = pixels
    }

    /// The gray image with each level copied into all three channels.
    public init(_ gray: GrayImage) {
        var out = [UInt8](repeating: 0, count: gray.pixels.count * 3)
        for (index, level) in gray.pixels.enumerated() {
            out[3 * index] = level
            out[3 * index + 1] = level
            out[3 * index + 2] = level
        }
        self.init(width: gray.width, height: gray.height, dpi: gray.dpi, pixels: out)
    }

    /// The colour at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        get {
            let index = 3 * (y * width + x)
            return (pixels[index], pixels[index + 1], pixels[index + 2])
        }
        set {
            let index = 3 * (y * width + x)
            pixels[index] = newValue.red
            pixels[index + 1] = newValue.green
            pixels[index + 2] = newValue.blue
        }
    }
}
