/// How good one swipe is, next to what the flow demands of it.
public struct QualityReading: Sendable, Hashable, Codable {
    /// Global image quality, 0 (unusable) to 100 (best), from extraction; nil when the swipe
    /// made no image to extract from.
    public var quality: Int?
    /// Ridge-bearing area in square millimetres.
    public var area: Double
    /// The lowest quality the flow accepts.
    public var minimumQuality: Int
    /// The smallest area the flow accepts, in square millimetres.
    public var minimumArea: Double

    /// A reading and the minimums it is held to.
    public init(quality: Int?, area: Double, minimumQuality: Int, minimumArea: Double) {
        self.quality = quality
        self.area = area
        self.minimumQuality = minimumQuality
        self.minimumArea = minimumArea
    }

    /// Whether the quality reaches its minimum.
    public var qualityPasses: Bool { (quality ?? -1) >= minimumQuality }
    /// Whether the area reaches its minimum.
    public var areaPasses: Bool { area >= minimumArea }
    /// Whether both do.
    public var passes: Bool { qualityPasses && areaPasses }
}
