import Fingerprint
import FingerprintSynthesis
import Foundation

/// Known minutiae sets for the matcher tests: synthetic fingers' ground truth, random sets and
/// rigid motions of them.
enum MinutiaeSets {
    /// Ground truth of two synthetic masters of different classes (240 × 240 at 500 dpi).
    static var whorl: [Minutia] { SyntheticPrints.whorl.minutiae }
    static var loop: [Minutia] { SyntheticPrints.loop.minutiae }

    /// `count` minutiae uniformly spread over `side` × `side` pixels, random directions and kinds.
    static func random(seed: UInt64, count: Int, side: Double = 240) -> [Minutia] {
        var generator = Xoshiro256(seed: seed)
        return (0..<count).map { _ in
            Minutia(x: generator.uniform(10...(side - 10)), y: generator.uniform(10...(side - 10)),
                    direction: generator.uniform(0...(2 * .pi - 1e-9)),
                    kind: generator.unit() < 0.5 ? .ending : .bifurcation, quality: 60)
        }
    }

    /// `minutiae` turned by `degrees` counter-clockwise on the image about `(centreX, centreY)`,
    /// then moved by `(dx, dy)`; directions turn with them (ISO angles, y down).
    static func moved(_ minutiae: [Minutia], degrees: Double, centreX: Double = 120, centreY: Double = 120,
                      dx: Double = 0, dy: Double = 0) -> [Minutia] {
        let angle = degrees * .pi / 180
        return minutiae.map { minutia in
            let x = minutia.x - centreX, y = minutia.y - centreY
            // Counter-clockwise as seen with y pointing down.
            let turnedX = x * cos(angle) + y * sin(angle), turnedY = -x * sin(angle) + y * cos(angle)
            var direction = (minutia.direction + angle).truncatingRemainder(dividingBy: 2 * .pi)
            if direction < 0 { direction += 2 * .pi }
            return Minutia(x: centreX + turnedX + dx, y: centreY + turnedY + dy, direction: direction,
                           kind: minutia.kind, quality: minutia.quality)
        }
    }
}
