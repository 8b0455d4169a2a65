#if canImport(Glibc)
import Glibc
#endif

/// One finger's departure from the plain zero-pole orientation model.
///
/// Around each singular point the field turns by a piecewise-linear function of the angle rather
/// than by exactly half of it, as in Vizcaya & Gerhardt's model (Pattern Recognition 29(7), 1996),
/// with the function's knots drawn at random per finger; a smooth random field bends the flow
/// everywhere by a few degrees; and a finer one makes the ridges wander over a few ridge periods,
/// as real ridges do. None adds or removes a singular point: the corrections keep the turn around
/// each point, and the bends are continuous.
struct OrientationPerturbation: Sendable {
    /// Angle corrections at 8 equally spaced directions around each singular point, radians.
    let knots: [[Double]]
    let bend: SmoothNoise
    let bendAmplitude: Double
    let wobble: SmoothNoise
    let wobbleAmplitude: Double

    static let knotCount = 8

    init(singularPoints: Int, correction: Double, bendAmplitude: Double, wobbleAmplitude: Double, period: Double,
         using generator: inout Xoshiro256) {
        // Neighbouring knots differ by less than the spacing between them, so each corrected
        // angle still grows with the true one.
        let limit = 0.5 * Double.pi / Double(Self.knotCount)
        knots = (0..<singularPoints).map { _ in
            (0..<Self.knotCount).map { _ in generator.normal(deviation: correction, limit: 2) }.map { min(max($0, -limit), limit) }
        }
        self.bendAmplitude = bendAmplitude
        bend = SmoothNoise(waveCount: 5, wavelengths: (12 * period)...(40 * period), using: &generator)
        self.wobbleAmplitude = wobbleAmplitude
        wobble = SmoothNoise(waveCount: 10, wavelengths: (3 * period)...(8 * period), using: &generator)
    }

    /// No departure at all.
    static let none = OrientationPerturbation()

    private init() {
        knots = []
        bendAmplitude = 0
        wobbleAmplitude = 0
        var generator = Xoshiro256(seed: 0)
        bend = SmoothNoise(waveCount: 1, wavelengths: 100...100, using: &generator)
        wobble = bend
    }

    /// The corrected angle around singular point `index` for the true angle `arg` (radians, −π…π).
    func corrected(_ arg: Double, point index: Int) -> Double {
        guard index < knots.count else { return arg }
        let spacing = 2 * Double.pi / Double(Self.knotCount)
        let position = (arg + .pi) / spacing
        let lower = Int(position.rounded(.down)), t = position - Double(lower)
        let knot = knots[index]
        let a = knot[((lower % Self.knotCount) + Self.knotCount) % Self.knotCount]
        let b = knot[(((lower + 1) % Self.knotCount) + Self.knotCount) % Self.knotCount]
        return arg + a + (b - a) * t
    }

    /// The bend at a point, radians.
    func bend(x: Double, y: Double) -> Double {
        (bendAmplitude == 0 ? 0 : bendAmplitude * bend.value(x: x, y: y))
            + (wobbleAmplitude == 0 ? 0 : wobbleAmplitude * wobble.value(x: x, y: y))
    }
}
