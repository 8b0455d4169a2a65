#if canImport(Glibc)
import Glibc
#endif

/// How the flow around one singular point departs from the plain zero-pole model's ½ arg(z − p).
///
/// Plain zero-pole loops have flow lines like nested parabolas: their legs crowd together away
/// from the core, so ridge growth must end ridge after ridge along them, and every synthetic loop
/// gets the same cluster of minutiae there. Real loops are nested hairpins with nearly parallel
/// legs. Replacing arg by `arg − s · sin(m (arg − axis)) / m` (m = 1 for a core, 3 for a delta)
/// stops the turning along the legs (a core's axis) or the three arms (a delta's), so the flow
/// there runs parallel at an even spacing; `s` from 0 (plain model) to 1 (fully straight). The
/// turn around the point stays one full turn, so no singular point appears or vanishes.
struct SingularPointShape: Sendable {
    /// Direction of a core's legs, or of one of a delta's arms (image angle, y down).
    let axis: Double
    /// How straight the legs or arms are, 0…1.
    let strength: Double
    /// 1 for a core, 3 for a delta.
    let symmetry: Double
    /// How oval the rings around a whorl's core are, 0 (circles) … below 1 − `strength`, and
    /// the direction of the oval's long axis.
    var ovalness = 0.0
    var ovalAxis = 0.0

    /// The shaped angle for the true angle `arg` around the point.
    func shaped(_ arg: Double) -> Double {
        arg - strength * sin(symmetry * (arg - axis)) / symmetry - ovalness * sin(2 * (arg - ovalAxis)) / 2
    }

    /// The shape of every point of a pattern, each with the strength `strength(index)`. A point's
    /// axis is where the plain model's flow runs radially: for a core, α = ½ φ + C meets α = φ at
    /// φ = 2C; for a delta, α = −½ φ + C meets it at φ = 2C / 3; C is the other points' turn at
    /// this one.
    static func shapes(of points: [SingularPoint], strength: (Int) -> Double) -> [SingularPointShape] {
        points.indices.map { index in
            let point = points[index]
            var others = 0.0
            for (other, neighbour) in points.enumerated() where other != index {
                let arg = atan2(point.y - neighbour.y, point.x - neighbour.x)
                others += neighbour.kind == .core ? arg / 2 : -arg / 2
            }
            let isCore = point.kind == .core
            return SingularPointShape(axis: isCore ? 2 * others : 2 * others / 3, strength: strength(index),
                                      symmetry: isCore ? 1 : 3)
        }
    }
}
