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

    /// A shape drawn for a `width` × `height` canvas.
    init(width: Int, height: Int, using generator: inout Xoshiro256) {
        let w = Double(width), h = Double(height)
        centerX = w * generator.uniform(0.47...0.53)
        centerY = h * generator.uniform(0.46...0.52)
        leftHalfWidth = w * generator.uniform(0.36...0.43)
        rightHalfWidth = w * generator.uniform(0.36...0.43)
        topHeight = h * generator.uniform(0.40...0.46)
        straightHeight = h * generator.uniform(0.08...0.16)
        bottomHeight = h * generator.uniform(0.25...0.35)
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
