import Imaging

/// An 8-bit RGB picture, for output that needs colour (minutiae drawn over a fingerprint).
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

/// Luma from RGB with the ITU-R BT.601 weights (0.299, 0.587, 0.114) in 8-bit fixed point.
enum Luma {
    static func gray(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let sum = 77 &* UInt32(red) &+ 150 &* UInt32(green) &+ 29 &* UInt32(blue) &+ 128
        return UInt8(truncatingIfNeeded: sum &>> 8)
    }

    /// Interleaved samples (`channels` per pixel, colour first) to gray; alpha, when present, is ignored.
    static func gray(interleaved samples: [UInt8], channels: Int, order: (Int, Int, Int) = (0, 1, 2)) -> [UInt8] {
        let count = samples.count / channels
        var out = [UInt8](repeating: 0, count: count)
        samples.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for index in 0..<count {
                    let base = index &* channels
                    target[index] = gray(red: source[base &+ order.0], green: source[base &+ order.1],
                                         blue: source[base &+ order.2])
                }
            }
        }
        return out
    }
}
