#if canImport(Glibc)
import Glibc
#endif

extension OrientationModel {
    /// Places cores and deltas for a class, at distances measured in ridge periods and with the
    /// spread real fingers show: loops from small (a few ridges between core and delta) to large,
    /// whorls from concentric (cores together) to double loops (cores far apart, twisted).
    static func placeSingularPoints(_ fingerClass: FingerprintClass, shape: FingerShape, period: Double,
                                    using generator: inout Xoshiro256) -> [SingularPoint] {
        let coreX = shape.centerX + generator.normal(deviation: 2.0 * period, limit: 2)
        let coreY = shape.centerY - 1.5 * period + generator.normal(deviation: 2.0 * period, limit: 2)
        let core = SingularPoint(kind: .core, x: coreX, y: coreY)
        switch fingerClass {
        case .arch:
            return []
        case .tentedArch:
            let drop = generator.uniform(3.0...8.0) * period
            return [core, SingularPoint(kind: .delta, x: coreX + generator.normal(deviation: 0.8 * period), y: coreY + drop)]
        case .leftLoop, .rightLoop:
            // Loops differ most in these two: with 6–15 periods and 0.35–0.95 rad, two loops of one
            // hand were alike enough after alignment that same-class impostors carried the host
            // matcher's impostor tail (median 27.9 against 23.5 for different classes, 50 fingers).
            let distance = generator.uniform(3.0...22.0) * period
            let side: Double = fingerClass == .leftLoop ? 1 : -1
            let tilt = generator.uniform(0.0...1.5)
            return [core, SingularPoint(kind: .delta, x: coreX + side * distance * sin(tilt), y: coreY + distance * cos(tilt))]
        case .whorl:
            return whorlPoints(coreX: coreX, coreY: coreY, period: period, using: &generator)
        }
    }

    /// Two cores (together in a plain whorl, apart and twisted in a double loop) and two deltas
    /// below them, one on each side, at independent distances. The ranges are wide for the same
    /// reason as a loop's: with narrower ones, whorl-against-whorl impostors led the host matcher's
    /// impostor tail (median 27.9 against 22.9 for different classes, 50 fingers).
    private static func whorlPoints(coreX: Double, coreY: Double, period: Double,
                                    using generator: inout Xoshiro256) -> [SingularPoint] {
        let doubleLoop = generator.unit() < 0.35
        let separation = generator.uniform(doubleLoop ? 3.5...9.0 : 1.0...5.0) * period
        let twist = generator.uniform(doubleLoop ? -1.6...1.6 : -1.2...1.2)
        let half = (dx: separation / 2 * cos(twist), dy: separation / 2 * sin(twist))
        let below = coreY + generator.uniform(3.0...14.0) * period
        return [
            SingularPoint(kind: .core, x: coreX - half.dx, y: coreY - half.dy),
            SingularPoint(kind: .core, x: coreX + half.dx, y: coreY + half.dy),
            SingularPoint(kind: .delta, x: coreX - generator.uniform(4.0...16.0) * period,
                          y: below + generator.normal(deviation: 3 * period)),
            SingularPoint(kind: .delta, x: coreX + generator.uniform(4.0...16.0) * period,
                          y: below + generator.normal(deviation: 3 * period)),
        ]
    }
}
