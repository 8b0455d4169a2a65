#if canImport(Glibc)
import Glibc
#endif

/// The silhouette of the finger on the master: an upper half-ellipse (the fingertip), a straight
/// section and a flatter lower half-ellipse, as in SFinGe's shape model. Pixel coordinates, y down.
public struct FingerShape: Sendable, Hashable {
    /// Where the fingertip ellipse meets the straight part, pixels.
    public var centerX: Double
    public var centerY: Double
    /// Half widths left and right of the centre, pixels.
    public var leftHalfWidth: Double
    public var rightHalfWidth: Double
    /// Height of the fingertip above the centre, of the straight part, and of the base below it.
    public var topHeight: Double
    public var straightHeight: Double
    public var bottomHeight: Double

    /// A shape of a real fingertip's size at `dpi`, centred on a `width` × `height` canvas: about
    /// 15–18 mm wide and 17–20 mm from the tip to the end of the straight part. On a canvas smaller
    /// than the finger (a small sensor) the finger fills it.
    init(width: Int, height: Int, dpi: Double, using generator: inout Xoshiro256) {
        let pixelsPerMillimetre = dpi / 25.4
        centerX = Double(width) * generator.uniform(0.47...0.53)
        centerY = Double(height) * generator.uniform(0.46...0.52)
        leftHalfWidth = generator.uniform(7.5...9.0) * pixelsPerMillimetre
        rightHalfWidth = generator.uniform(7.5...9.0) * pixelsPerMillimetre
        topHeight = generator.uniform(8.5...10.0) * pixelsPerMillimetre
        straightHeight = generator.uniform(2.0...4.0) * pixelsPerMillimetre
        bottomHeight = generator.uniform(6.0...8.0) * pixelsPerMillimetre
    }

    /// The elliptic radius of a point: below 1 inside, 1 on the edge.
    public func radius(x: Double, y: Double) -> Double {
        let dx = (x - centerX) / (x < centerX ? leftHalfWidth : rightHalfWidth)
        if y < centerY {
            let dy = (y - centerY) / topHeight
            return (dx * dx + dy * dy).squareRoot()
        }
        let below = y - centerY - straightHeight
        if below <= 0 { return abs(dx) }
        let dy = below / bottomHeight
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Approximate distance inside the edge, in pixels (negative outside).
    public func depth(x: Double, y: Double) -> Double {
        (1 - radius(x: x, y: y)) * min(leftHalfWidth, rightHalfWidth, topHeight)
    }

    /// The angle of the fingertip's concentric arc through a point (image orientation, mod π).
    func tipArcOrientation(x: Double, y: Double) -> Double {
        let a = x < centerX ? leftHalfWidth : rightHalfWidth
        // Tangent of the ellipse (x/a)² + (y/b)² = r² is perpendicular to its gradient (x/a², y/b²).
        let gx = (x - centerX) / (a * a), gy = (y - centerY) / (topHeight * topHeight)
        return atan2Orientation(gy, -gx)
    }
}

/// `atan2(y, x)`-style orientation of the direction (dx, dy), reduced to `0 ..< π`.
func atan2Orientation(_ dx: Double, _ dy: Double) -> Double {
    var angle = atan2(dy, dx)
    if angle < 0 { angle += .pi }
    if angle >= .pi { angle -= .pi }
    return angle
}
