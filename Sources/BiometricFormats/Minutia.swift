/// A ridge ending or bifurcation: the feature every template format and matcher is built on.
///
/// Coordinates are in pixels of the image the minutia came from, origin at the top-left corner,
/// y pointing down (ISO/IEC 19794-2:2005 §6.4.1). The direction follows the same standard:
/// measured counter-clockwise as seen on the image from the positive x axis, in radians in
/// `0..<2π`, pointing along the gap between the two branches of the minutia's "Y" and away from
/// its stem. So a ridge ending (a Y of valleys) points back into its ridge, and a bifurcation
/// (a Y of ridges) points into the valley between its two branches. The vendor templates in
/// `../shared/data/fingerprints/iso-templates` follow it (docs/templates.md).
public struct Minutia: Sendable, Hashable, Codable {
    /// Minutia types as ISO/IEC 19794-2 codes them (2 bits: 00 other, 01 ending, 10 bifurcation).
    public enum Kind: UInt8, Sendable, Hashable, Codable, CaseIterable {
        case other = 0
        case ending = 1
        case bifurcation = 2
    }

    public var x: Double
    public var y: Double
    /// Radians, `0..<2π`, counter-clockwise on the image.
    public var direction: Double
    public var kind: Kind
    /// 0 (unknown or worst) to 100 (best), as in ISO/IEC 19794-2 minutia quality.
    public var quality: Int

    public init(x: Double, y: Double, direction: Double, kind: Kind, quality: Int = 0) {
        self.x = x
        self.y = y
        self.direction = direction
        self.kind = kind
        self.quality = quality
    }
}
