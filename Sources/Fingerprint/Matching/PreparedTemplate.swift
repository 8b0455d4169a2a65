import Foundation

/// A template made ready for the host matcher: minutiae in matcher coordinates and their
/// cylinders. Prepare each gallery template once and reuse it for every comparison.
public struct PreparedTemplate: Sendable {
    let cylinders: CylinderSet
    let foreground: ForegroundDistance?
    let points: MinutiaPoints

    /// Prepares features straight from the extractor.
    public init(_ features: FingerprintFeatures, parameters: MatchingParameters = MatchingParameters()) {
        self.init(minutiae: features.minutiae, dpi: features.dpi, foreground: features.foreground, parameters: parameters)
    }

    /// Prepares minutiae given in pixels of a `dpi` image, with the foreground they were seen in.
    public init(minutiae: [Minutia], dpi: Double, foreground: ForegroundMap?,
                parameters: MatchingParameters = MatchingParameters()) {
        let points = Self.matcherMinutiae(minutiae, dpi: dpi)
        self.foreground = foreground.map { ForegroundDistance($0, measuresInsets: parameters.foregroundInset > 0) }
        cylinders = CylinderSet(minutiae: points, foreground: self.foreground, parameters: parameters)
        self.points = MinutiaPoints(points)
    }

    public var minutiaCount: Int { cylinders.minutiae.count }

    /// Minutiae in matcher coordinates: pixels at 500 dpi, angles from the x axis towards y.
    static func matcherMinutiae(_ minutiae: [Minutia], dpi: Double) -> [MatchMinutia] {
        let scale = 500 / dpi
        return minutiae.map {
            MatchMinutia(x: $0.x * scale, y: $0.y * scale, angle: CylinderLayout.wrapped(-$0.direction), kind: $0.kind)
        }
    }
}
