import Imaging

/// What a file says about its picture: the facts `pbtool image info` prints.
public struct ImageInfo: Sendable, Hashable {
    /// How the file stores a pixel.
    public enum PixelLayout: String, Sendable, Hashable, Codable {
        case gray
        case grayAlpha = "gray+alpha"
        case rgb
        case rgba
        /// Indices into a colour table.
        case palette
    }

    /// One format-specific header value, in file order (TIFF compression, WSQ quantiser fields, …).
    public struct Field: Sendable, Hashable, Codable {
        /// Name and value as `image info` prints them.
        public var name: String
        public var value: String

        /// A field named `name`.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The format the bytes were in.
    public var format: ImageFormat
    /// Size in pixels.
    public var width: Int
    public var height: Int
    /// Bits per sample as stored (8 for every image pbtool writes except WSQ).
    public var bitDepth: Int
    /// How the file stores a pixel (pbtool always decodes to gray).
    public var layout: PixelLayout
    /// The resolution the file records, in dots per inch, whether plausible or not (nil: none);
    /// horizontal where the format records one per axis.
    public var storedDPI: Double?
    /// The vertical resolution, for the formats that record one per axis (TIFF, PNG, BMP, JPEG,
    /// JPEG 2000); nil where the file or format records none.
    public var storedVerticalDPI: Double?
    /// Format-specific header values.
    public var fields: [Field]

    /// Facts read from a file.
    public init(format: ImageFormat, width: Int, height: Int, bitDepth: Int, layout: PixelLayout,
                storedDPI: Double? = nil, storedVerticalDPI: Double? = nil, fields: [Field] = []) {
        self.format = format
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.layout = layout
        self.storedDPI = storedDPI
        self.storedVerticalDPI = storedVerticalDPI
        self.fields = fields
    }

    /// Resolutions a fingerprint scanner can have; anything else in a file is a placeholder
    /// (FVC TIFFs record 1×1 dpi) and is ignored.
    public static let plausibleDPI: ClosedRange<Double> = 100...10_000

    /// The stored resolution when it is plausible, else nil.
    public var usableDPI: Double? {
        storedDPI.flatMap { Self.plausibleDPI.contains($0) ? $0 : nil }
    }

    /// The plausible vertical resolution when it differs from the usable horizontal one by more
    /// than 1 % (pixels that are not square), else nil.
    public var nonSquareVerticalDPI: Double? {
        guard let horizontal = usableDPI, let vertical = storedVerticalDPI, Self.plausibleDPI.contains(vertical),
              abs(vertical / horizontal - 1) > 0.01 else { return nil }
        return vertical
    }

    /// The height the picture has once its pixels are made square at the horizontal resolution,
    /// as ``ImageFile/decode(_:dpi:)`` makes them; nil when they are square already.
    public var squarePixelHeight: Int? {
        guard let horizontal = usableDPI, let vertical = nonSquareVerticalDPI else { return nil }
        return max(1, Int((Double(height) * horizontal / vertical).rounded()))
    }
}

/// A decoded picture together with what its file said about it.
public struct DecodedImage: Sendable {
    /// The pixels as 8-bit gray; `image.dpi` is the file's usable resolution or the default.
    public var image: GrayImage
    /// What the file said about the picture.
    public var info: ImageInfo

    /// Pairs an image with its file facts.
    public init(image: GrayImage, info: ImageInfo) {
        self.image = image
        self.info = info
    }
}
