#if canImport(Glibc)
import Glibc
#endif

/// The ridge orientation of a master fingerprint at any point.
///
/// Classes with singular points use the Sherlock–Monro zero-pole model (Sherlock & Monro, 1993):
/// α(z) = ½ Σ arg(z − core) − ½ Σ arg(z − delta). Above the cores the field bends toward arcs
/// concentric with the fingertip, as real ridges do. Arches have no singular points: ridges are
/// humps whose height peaks at one row. Angles are image orientations (y down) in `0 ..< π`.
public struct OrientationModel: Sendable {
    /// The class the model was built for.
    public let fingerClass: FingerprintClass
    /// Cores and deltas, master pixels.
    public let singularPoints: [SingularPoint]
    let shape: FingerShape
    let archHump: (row: Double, amplitude: Double, spread: Double)
    let period: Double

    init(fingerClass: FingerprintClass, shape: FingerShape, period: Double, using generator: inout Xoshiro256) {
        self.fingerClass = fingerClass
        self.shape = shape
        self.period = period
        singularPoints = Self.placeSingularPoints(fingerClass, shape: shape, period: period, using: &generator)
        archHump = (shape.centerY + generator.normal(deviation: 1.5 * period),
                    generator.uniform(2.0...3.5) * period, generator.uniform(7.0...11.0) * period)
    }

    /// The orientation at a pixel, in radians `0 ..< π` (a ridge runs along (cos α, sin α), y down).
    public func orientation(x: Double, y: Double) -> Double {
        let base = fingerClass == .arch ? archOrientation(x: x, y: y) : zeroPoleOrientation(x: x, y: y)
        return blendTowardTipArcs(base, x: x, y: y)
    }

    private func zeroPoleOrientation(x: Double, y: Double) -> Double {
        var angle = 0.0
        for point in singularPoints {
            let arg = atan2(y - point.y, x - point.x)
            angle += point.kind == .core ? arg / 2 : -arg / 2
        }
        return reduced(angle)
    }

    private func archOrientation(x: Double, y: Double) -> Double {
        let k = Double.pi / (2 * (x < shape.centerX ? shape.leftHalfWidth : shape.rightHalfWidth))
        let rowWeight = exp(-pow((y - archHump.row) / archHump.spread, 2))
        return reduced(atan(archHump.amplitude * rowWeight * k * sin(k * (x - shape.centerX))))
    }

    /// Above the highest core (or the arch hump) ridges follow the fingertip's outline.
    private func blendTowardTipArcs(_ angle: Double, x: Double, y: Double) -> Double {
        let top = singularPoints.filter { $0.kind == .core }.map(\.y).min() ?? archHump.row
        let weight = min(max((top - 2 * period - y) / (6 * period), 0), 1) * 0.85
        guard weight > 0 else { return angle }
        let arc = shape.tipArcOrientation(x: x, y: y)
        let cx = (1 - weight) * cos(2 * angle) + weight * cos(2 * arc)
        let cy = (1 - weight) * sin(2 * angle) + weight * sin(2 * arc)
        return reduced(atan2(cy, cx) / 2)
    }

    private func reduced(_ angle: Double) -> Double {
        var value = angle.truncatingRemainder(dividingBy: .pi)
        if value < 0 { value += .pi }
        return value
    }
}

extension OrientationModel {
    /// Places cores and deltas for a class, at distances measured in ridge periods.
    static func placeSingularPoints(_ fingerClass: FingerprintClass, shape: FingerShape, period: Double,
                                    using generator: inout Xoshiro256) -> [SingularPoint] {
        let coreX = shape.centerX + generator.normal(deviation: 1.5 * period)
        let coreY = shape.centerY - 1.5 * period + generator.normal(deviation: 1.2 * period)
        let core = SingularPoint(kind: .core, x: coreX, y: coreY)
        switch fingerClass {
        case .arch:
            return []
        case .tentedArch:
            let drop = generator.uniform(4.0...7.0) * period
            return [core, SingularPoint(kind: .delta, x: coreX + generator.normal(deviation: 0.5 * period), y: coreY + drop)]
        case .leftLoop, .rightLoop:
            let distance = generator.uniform(9.0...13.0) * period
            let side: Double = fingerClass == .leftLoop ? 1 : -1
            let tilt = generator.uniform(0.45...0.8)
            return [core, SingularPoint(kind: .delta, x: coreX + side * distance * sin(tilt), y: coreY + distance * cos(tilt))]
        case .whorl:
            let separation = generator.uniform(1.5...3.5) * period
            let twist = generator.uniform(-0.6...0.6)
            let half = (dx: separation / 2 * cos(twist), dy: separation / 2 * sin(twist))
            let below = coreY + generator.uniform(7.0...10.0) * period
            return [
                SingularPoint(kind: .core, x: coreX - half.dx, y: coreY - half.dy),
                SingularPoint(kind: .core, x: coreX + half.dx, y: coreY + half.dy),
                SingularPoint(kind: .delta, x: coreX - generator.uniform(8.0...11.0) * period, y: below),
                SingularPoint(kind: .delta, x: coreX + generator.uniform(8.0...11.0) * period,
                              y: below + generator.normal(deviation: period)),
            ]
        }
    }
}
