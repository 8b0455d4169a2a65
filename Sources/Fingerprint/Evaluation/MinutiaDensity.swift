import BiometricFormats

/// How tightly a template packs its minutiae: minutiae per mm² inside their convex hull, at the
/// resolution the template states. A record or image that was resized without its resolution
/// being changed packs them tighter than any finger does, and its geometry cannot be compared
/// with another template's: the matchers' distances and tolerances are in millimetres.
public struct MinutiaDensity: Sendable, Hashable {
    /// Minutiae per mm² (0 when they span no area).
    public let perSquareMillimetre: Double
    public let minutiae: Int

    /// The most a finger reaches at its true resolution, with a margin: pbtool's extractions of
    /// the seven FVC DB_B sets it is measured on (560 images, docs/templates.md) reach at most
    /// 0.634, and each set's own maximum lies between 0.51 and 0.63, so leaving any one set out
    /// gives the same limit.
    public static let plausibleLimit = 0.65
    /// Fewer minutiae than this span too little of the finger for their hull to say anything.
    public static let minimumMinutiaeToJudge = 12

    public init(_ minutiae: [Minutia], resolution: ScanResolution) {
        self.minutiae = minutiae.count
        let millimetre = (x: resolution.xDPI / 25.4, y: resolution.yDPI / 25.4)
        let area = MinutiaeHull(minutiae.map { (x: $0.x, y: $0.y) }).area / (millimetre.x * millimetre.y)
        perSquareMillimetre = area > 0 ? Double(minutiae.count) / area : 0
    }

    /// The density of `record`'s first view at the record's stated resolution.
    public init(_ record: MinutiaeRecord) {
        self.init(record.minutiae, resolution: record.resolution)
    }

    /// The density of pbtool's extraction at the resolution its image stated.
    public init(_ features: FingerprintFeatures) {
        self.init(features.minutiae, resolution: ScanResolution(dpi: features.dpi))
    }

    /// The density of a compact card template, whose minutiae are in 0.1 mm units
    /// (``CompactCardMinutia``).
    public init(_ template: CompactCardTemplate) {
        let minutiae = template.minutiae.map { Minutia(x: Double($0.x), y: Double($0.y), direction: 0, kind: $0.kind) }
        self.init(minutiae, resolution: ScanResolution(xPixelsPerCentimetre: 100, yPixelsPerCentimetre: 100))
    }

    /// False when the minutiae are denser than ``plausibleLimit``: the stated resolution is not the
    /// one the minutiae were found at.
    public var isPlausible: Bool {
        minutiae < Self.minimumMinutiaeToJudge || perSquareMillimetre <= Self.plausibleLimit
    }
}
