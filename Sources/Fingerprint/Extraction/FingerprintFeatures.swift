/// What the extractor finds in one image: minutiae, the foreground they were seen in, and quality.
public struct FingerprintFeatures: Sendable, Hashable, Codable {
    /// In input-image pixels (see ``Minutia``), best quality first.
    public var minutiae: [Minutia]
    /// Input image size in pixels and resolution.
    public var width: Int
    public var height: Int
    public var dpi: Double
    /// Where the finger was seen, in blocks of the working resolution.
    public var foreground: ForegroundMap
    /// Overall image quality, 0 (unusable) to 100 (excellent).
    public var quality: Int

    public init(minutiae: [Minutia], width: Int, height: Int, dpi: Double, foreground: ForegroundMap, quality: Int) {
        self.minutiae = minutiae
        self.width = width
        self.height = height
        self.dpi = dpi
        self.foreground = foreground
        self.quality = quality
    }
}

/// A coarse map of the area where the finger touched the sensor, one flag per square block.
///
/// Block coordinates are in pixels of ``resolution`` dpi, so maps of different sensors compare
/// directly. Matchers use it to tell "no minutia there" from "not seen there".
public struct ForegroundMap: Sendable, Hashable, Codable {
    public let columns: Int
    public let rows: Int
    /// Block side in pixels at ``resolution``.
    public let blockSize: Int
    public let resolution: Double
    /// Row-major, `columns × rows` flags.
    public let flags: [Bool]

    public init(columns: Int, rows: Int, blockSize: Int, resolution: Double, flags: [Bool]) {
        precondition(flags.count == columns * rows, "foreground flags do not fill the map")
        self.columns = columns
        self.rows = rows
        self.blockSize = blockSize
        self.resolution = resolution
        self.flags = flags
    }

    /// Whether the point `(x, y)`, in pixels at ``resolution``, lies in the foreground.
    public func contains(x: Double, y: Double) -> Bool {
        guard x >= 0, y >= 0 else { return false }
        let column = Int(x) / blockSize, row = Int(y) / blockSize
        return column < columns && row < rows && flags[row * columns + column]
    }
}
