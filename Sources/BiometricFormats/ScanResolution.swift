/// The scanning resolution of the image a record's minutiae were found in, as the record
/// formats store it: whole pixels per centimetre on each axis (197 ≈ 500 dpi).
public struct ScanResolution: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Pixels per centimetre along x.
    public var xPixelsPerCentimetre: Int
    /// Pixels per centimetre along y.
    public var yPixelsPerCentimetre: Int

    /// A resolution from the two header fields.
    public init(xPixelsPerCentimetre: Int, yPixelsPerCentimetre: Int) {
        self.xPixelsPerCentimetre = xPixelsPerCentimetre
        self.yPixelsPerCentimetre = yPixelsPerCentimetre
    }

    /// The same resolution on both axes, converted from dots per inch and rounded to whole
    /// pixels per centimetre (500 dpi → 197, 569 dpi → 224).
    public init(dpi: Double) {
        let perCentimetre = Int((dpi / Self.centimetresPerInch).rounded())
        self.init(xPixelsPerCentimetre: perCentimetre, yPixelsPerCentimetre: perCentimetre)
    }

    /// 500 dpi, the resolution ISO/IEC 19794-2 and most sensors use: 197 pixels per cm.
    public static let dpi500 = ScanResolution(dpi: 500)

    static let centimetresPerInch = 2.54

    /// Dots per inch along x.
    public var xDPI: Double { Double(xPixelsPerCentimetre) * Self.centimetresPerInch }
    /// Dots per inch along y.
    public var yDPI: Double { Double(yPixelsPerCentimetre) * Self.centimetresPerInch }

    /// "197 px/cm", or "197×224 px/cm" when the axes differ.
    public var description: String {
        xPixelsPerCentimetre == yPixelsPerCentimetre
            ? "\(xPixelsPerCentimetre) px/cm"
            : "\(xPixelsPerCentimetre)×\(yPixelsPerCentimetre) px/cm"
    }
}
