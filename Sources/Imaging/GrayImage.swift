/// An 8-bit grayscale picture with its scanning resolution: the image every module hands around.
///
/// Pixels are row-major, top row first; 0 is black (ridge on most sensors), 255 is white.
/// The value is copy-on-write, so passing it around and taking ``ImageRegion`` views is cheap.
public struct GrayImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// Scanning resolution in dots per inch (FVC sets are 500–569 dpi).
    public var dpi: Double
    public var pixels: [UInt8]

    /// Wraps `pixels`, which must hold exactly `width × height` values.
    public init(width: Int, height: Int, dpi: Double = 500, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0, "negative image size \(width)×\(height)")
        precondition(pixels.count == width * height,
                     "\(pixels.count) pixels do not fill a \(width)×\(height) image")
        self.width = width
        self.height = height
        self.dpi = dpi
        self.pixels = pixels
    }

    /// An image of one uniform gray level.
    public init(width: Int, height: Int, dpi: Double = 500, fill: UInt8 = 255) {
        self.init(width: width, height: height, dpi: dpi,
                  pixels: [UInt8](repeating: fill, count: width * height))
    }

    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The pixel at column `x`, row `y`; both must lie inside the image.
    public subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// The pixels of row `y`, without copying.
    public func row(_ y: Int) -> ArraySlice<UInt8> {
        pixels[(y * width)..<((y + 1) * width)]
    }

    /// A view of `rect`, clipped to the image.
    public func region(_ rect: PixelRect) -> ImageRegion {
        ImageRegion(image: self, rect: rect.intersection(bounds))
    }

    /// A new image holding the pixels of `rect`, clipped to the image.
    public func cropped(to rect: PixelRect) -> GrayImage {
        region(rect).materialized()
    }
}

/// An axis-aligned rectangle of whole pixels.
public struct PixelRect: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var area: Int { width * height }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// The overlap of two rectangles; empty (zero width or height) when they do not meet.
    public func intersection(_ other: PixelRect) -> PixelRect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

/// A rectangle of a ``GrayImage`` viewed in place: coordinates are relative to the rectangle.
public struct ImageRegion: Sendable {
    public let image: GrayImage
    public let rect: PixelRect

    public var width: Int { rect.width }
    public var height: Int { rect.height }

    public subscript(x: Int, y: Int) -> UInt8 {
        image.pixels[(rect.y + y) * image.width + rect.x + x]
    }

    /// Copies the viewed pixels into an image of their own, keeping the resolution.
    public func materialized() -> GrayImage {
        var out = [UInt8]()
        out.reserveCapacity(rect.area)
        for y in rect.y..<rect.maxY {
            let start = y * image.width + rect.x
            out.append(contentsOf: image.pixels[start..<(start + rect.width)])
        }
        return GrayImage(width: rect.width, height: rect.height, dpi: image.dpi, pixels: out)
    }
}
