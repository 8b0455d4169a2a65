#if canImport(Glibc)
import Glibc
#endif

/// The part of the finger that touched the sensor: an ellipse in master pixels with a wavy edge,
/// fading to nothing over about one ridge period.
public struct ContactRegion: Sendable {
    /// Centre and semi-axes of the contact ellipse, master pixels.
    public var centerX: Double
    public var centerY: Double
    public var radiusX: Double
    public var radiusY: Double
    /// Width of the faded edge, pixels.
    public var edgeWidth: Double
    let edgeWaviness: [(frequency: Double, phase: Double, amplitude: Double)]

    init(centerX: Double, centerY: Double, radiusX: Double, radiusY: Double, edgeWidth: Double,
         using generator: inout Xoshiro256) {
        self.centerX = centerX
        self.centerY = centerY
        self.radiusX = radiusX
        self.radiusY = radiusY
        self.edgeWidth = edgeWidth
        edgeWaviness = (2...5).map { frequency in
            (Double(frequency), generator.uniform(0...(2 * .pi)), generator.uniform(0.0...0.05))
        }
    }

    /// 1 well inside the contact, 0 outside, smooth across the edge.
    public func weight(x: Double, y: Double) -> Double {
        let dx = (x - centerX) / radiusX, dy = (y - centerY) / radiusY
        let radius = (dx * dx + dy * dy).squareRoot()
        var edge = 1.0
        if radius > 0.5 {
            let angle = atan2(dy, dx)
            for wave in edgeWaviness { edge += wave.amplitude * sin(wave.frequency * angle + wave.phase) }
        }
        let inside = (edge - radius) * min(radiusX, radiusY) / edgeWidth
        let t = min(max(inside, 0), 1)
        return t * t * (3 - 2 * t)
    }
}
