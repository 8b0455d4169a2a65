#if canImport(Glibc)
import Glibc
#endif

/// Where master points land in an impression: elastic distortion first, then a rotation about
/// the finger's centre and a translation. Angles counter-clockwise as seen on the image (y down),
/// like minutia directions.
public struct ImpressionTransform: Sendable {
    /// Radians, counter-clockwise as seen on the image.
    public var rotation: Double
    /// Shift after the rotation, impression pixels.
    public var translationX: Double
    public var translationY: Double
    /// The rotation centre, in master pixels.
    public var centerX: Double
    public var centerY: Double
    /// Applied before the rotation, in master pixels.
    public var distortion: ElasticDistortion

    /// A placement; no distortion unless one is given.
    public init(rotation: Double, translationX: Double, translationY: Double, centerX: Double, centerY: Double,
                distortion: ElasticDistortion = .none) {
        self.rotation = rotation
        self.translationX = translationX
        self.translationY = translationY
        self.centerX = centerX
        self.centerY = centerY
        self.distortion = distortion
    }

    /// The impression point of a master point.
    public func forward(x: Double, y: Double) -> (x: Double, y: Double) {
        let shift = distortion.displacement(x: x, y: y)
        return rigid(x: x + shift.dx, y: y + shift.dy)
    }

    /// The master point that lands on an impression point (the distortion is inverted by fixed-point
    /// iteration, which converges because the displacement field is smooth).
    public func inverse(x: Double, y: Double) -> (x: Double, y: Double) {
        let (c, s) = (cos(rotation), sin(rotation))
        let ux = x - translationX - centerX, uy = y - translationY - centerY
        // The inverse rotation of rigid(): rotate by −rotation.
        let px = centerX + ux * c - uy * s, py = centerY + ux * s + uy * c
        // Fixed-point iteration; it contracts by the distortion's steepness, so a strong distortion
        // needs more steps than a mild one: stop once a step moves the point less than 0.01 px.
        var mx = px, my = py
        for _ in 0..<16 {
            let shift = distortion.displacement(x: mx, y: my)
            let nx = px - shift.dx, ny = py - shift.dy
            let moved = abs(nx - mx) + abs(ny - my)
            mx = nx
            my = ny
            if moved < 0.01 { break }
        }
        return (mx, my)
    }

    /// A master direction at a master point, as a direction in the impression (radians, `0 ..< 2π`).
    public func forward(direction: Double, atX x: Double, y: Double) -> Double {
        let step = 3.0
        let from = forward(x: x, y: y)
        let to = forward(x: x + step * cos(direction), y: y - step * sin(direction))
        var angle = atan2(from.y - to.y, to.x - from.x)
        if angle < 0 { angle += 2 * .pi }
        return angle
    }

    private func rigid(x: Double, y: Double) -> (x: Double, y: Double) {
        let (c, s) = (cos(rotation), sin(rotation))
        let dx = x - centerX, dy = y - centerY
        // Counter-clockwise on screen with y down: (1, 0) → (cos, −sin).
        return (centerX + dx * c + dy * s + translationX, centerY - dx * s + dy * c + translationY)
    }
}
