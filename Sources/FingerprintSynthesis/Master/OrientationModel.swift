#if canImport(Glibc)
import Glibc
#endif

/// The ridge orientation of a master fingerprint at any point.
///
/// Classes with singular points use the Sherlock–Monro zero-pole model (Sherlock & Monro, 1993),
/// α(z) = ½ Σ g(arg(z − core)) − ½ Σ g(arg(z − delta)), with each point's g the identity
/// straightened along a core's legs and a delta's arms (``SingularPointShape``) and corrected at
/// random per finger (``OrientationPerturbation``). Above the cores the field bends toward
/// arcs concentric with the fingertip, as real ridges do. Arches have no singular points: ridges
/// are humps whose height peaks along one tilted row. A smooth per-finger bend is added last.
/// Angles are image orientations (y down) in `0 ..< π`.
public struct OrientationModel: Sendable {
    /// The class the model was built for.
    public let fingerClass: FingerprintClass
    /// Cores and deltas, master pixels.
    public let singularPoints: [SingularPoint]
    let shape: FingerShape
    let archHump: (row: Double, amplitude: Double, spread: Double, tilt: Double)
    let period: Double
    let shapes: [SingularPointShape]
    let perturbation: OrientationPerturbation

    init(fingerClass: FingerprintClass, shape: FingerShape, traits: FingerTraits, using generator: inout Xoshiro256) {
        self.fingerClass = fingerClass
        self.shape = shape
        period = traits.meanPeriod
        singularPoints = Self.placeSingularPoints(fingerClass, shape: shape, period: period, using: &generator)
        let straightening = traits.singularStraightening, points = singularPoints
        var shapes = SingularPointShape.shapes(of: points) { index in
            // A whorl's cores sit inside circles, not at the head of a loop: little to straighten.
            let share = fingerClass == .whorl && points[index].kind == .core ? 0.4 : 1
            return min(max(share * straightening + generator.normal(deviation: 0.1, limit: 2), 0), 1)
        }
        if fingerClass == .whorl { Self.makeOval(&shapes, points: points, using: &generator) }
        self.shapes = shapes
        archHump = (shape.centerY + generator.normal(deviation: 2 * period), generator.uniform(1.5...4.0) * period,
                    generator.uniform(6.0...12.0) * period, generator.normal(deviation: 0.15))
        perturbation = OrientationPerturbation(singularPoints: singularPoints.count,
                                               correction: traits.orientationCorrection,
                                               bendAmplitude: traits.orientationBend,
                                               wobbleAmplitude: traits.orientationWobble, period: period, using: &generator)
    }

    /// Real whorls are ovals of every tilt, rarely circles. Circular rings look the same turned
    /// by any angle about their centre, so the matcher could turn one synthetic whorl onto another
    /// freely and pair their minutiae by chance: whorl-against-whorl impostors made the host
    /// matcher's whole impostor tail (p99.9 51.4 against 37–44 for other class pairs, seed 2026).
    static func makeOval(_ shapes: inout [SingularPointShape], points: [SingularPoint],
                         using generator: inout Xoshiro256) {
        let axis = .pi / 2 + generator.normal(deviation: 0.5, limit: 2.5)
        let ovalness = generator.uniform(0.25...0.7)
        for index in shapes.indices where points[index].kind == .core {
            shapes[index].ovalness = max(0, min(ovalness, 0.9 - shapes[index].strength))
            shapes[index].ovalAxis = axis
        }
    }

    /// The orientation at a pixel, in radians `0 ..< π` (a ridge runs along (cos α, sin α), y down).
    public func orientation(x: Double, y: Double) -> Double {
        let base = fingerClass == .arch ? archOrientation(x: x, y: y) : zeroPoleOrientation(x: x, y: y)
        return reduced(blendTowardTipArcs(base, x: x, y: y) + perturbation.bend(x: x, y: y))
    }

    private func zeroPoleOrientation(x: Double, y: Double) -> Double {
        var angle = 0.0
        for (index, point) in singularPoints.enumerated() {
            let arg = perturbation.corrected(shapes[index].shaped(atan2(y - point.y, x - point.x)), point: index)
            angle += point.kind == .core ? arg / 2 : -arg / 2
        }
        return reduced(angle)
    }

    private func archOrientation(x: Double, y: Double) -> Double {
        let k = Double.pi / (2 * (x < shape.centerX ? shape.leftHalfWidth : shape.rightHalfWidth))
        let row = archHump.row + archHump.tilt * (x - shape.centerX)
        let rowWeight = exp(-pow((y - row) / archHump.spread, 2))
        return reduced(atan(archHump.amplitude * rowWeight * k * sin(k * (x - shape.centerX))) + atan(archHump.tilt))
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
