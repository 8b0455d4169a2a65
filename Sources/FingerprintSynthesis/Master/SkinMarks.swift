#if canImport(Glibc)
import Glibc
#endif

/// Creases and scars of one finger: white lines and bands across the ridges that every impression
/// shows. Creases are thin and gently curved, mostly across the finger; a scar is wider and
/// irregular. Master pixels.
public struct SkinMarks: Sendable {
    /// One mark: a quadratic Bézier curve drawn `width` pixels wide.
    public struct Mark: Sendable {
        public var start: (x: Double, y: Double)
        public var control: (x: Double, y: Double)
        public var end: (x: Double, y: Double)
        public var width: Double

        /// Points along the curve, about one every `step` pixels.
        func polyline(step: Double) -> [(x: Double, y: Double)] {
            let length = hypot(end.x - start.x, end.y - start.y) + 1
            let count = max(2, Int(length / step))
            return (0...count).map { index in
                let t = Double(index) / Double(count), u = 1 - t
                return (u * u * start.x + 2 * u * t * control.x + t * t * end.x,
                        u * u * start.y + 2 * u * t * control.y + t * t * end.y)
            }
        }
    }

    public let marks: [Mark]

    /// No marks.
    public static let none = SkinMarks(marks: [])

    init(marks: [Mark]) {
        self.marks = marks
    }

    /// Marks drawn for one finger: creases with probability `creaseChance` (one to four of them),
    /// a scar with probability `scarChance`.
    static func random(shape: FingerShape, period: Double, creaseChance: Double, scarChance: Double,
                       using generator: inout Xoshiro256) -> SkinMarks {
        var marks = [Mark]()
        if generator.unit() < creaseChance {
            for _ in 0..<generator.integer(1...4) {
                marks.append(mark(shape: shape, length: generator.uniform(4...14) * period,
                                  angle: generator.normal(deviation: 0.5), width: generator.uniform(0.15...0.35) * period,
                                  bend: generator.normal(deviation: 0.15), using: &generator))
            }
        }
        if generator.unit() < scarChance {
            marks.append(mark(shape: shape, length: generator.uniform(6...18) * period, angle: generator.uniform(0...(.pi)),
                              width: generator.uniform(0.5...1.1) * period, bend: generator.normal(deviation: 0.3),
                              using: &generator))
        }
        return SkinMarks(marks: marks)
    }

    private static func mark(shape: FingerShape, length: Double, angle: Double, width: Double, bend: Double,
                             using generator: inout Xoshiro256) -> Mark {
        let cx = shape.centerX + generator.uniform(-0.7...0.7) * shape.leftHalfWidth
        let cy = shape.centerY + generator.uniform(-0.8...0.9) * shape.topHeight
        let dx = cos(angle) * length / 2, dy = sin(angle) * length / 2
        // The control point sits off the chord's middle by `bend` chord lengths.
        return Mark(start: (cx - dx, cy - dy), control: (cx - dy * 2 * bend, cy + dx * 2 * bend), end: (cx + dx, cy + dy),
                    width: width)
    }

    /// Presses every mark into a ridge field (`width` × `height`, ridges positive): valley in the
    /// middle of a mark, fading back to the field over a pixel or two at its edge.
    func pressed(into field: inout [Float], width: Int, height: Int) {
        for mark in marks {
            let points = mark.polyline(step: 2)
            let reach = mark.width / 2 + 1.5
            let xs = points.map(\.x), ys = points.map(\.y)
            let left = max(0, Int(xs.min()! - reach)), right = min(width - 1, Int(xs.max()! + reach) + 1)
            let top = max(0, Int(ys.min()! - reach)), bottom = min(height - 1, Int(ys.max()! + reach) + 1)
            guard left <= right, top <= bottom else { continue }
            for y in top...bottom {
                for x in left...right {
                    let distance = Self.distance(x: Double(x), y: Double(y), to: points)
                    guard distance < reach else { continue }
                    let t = Float(min(max((distance - mark.width / 2) / 1.5, 0), 1))
                    let floor = -1 + 2 * t * t * (3 - 2 * t)
                    field[y * width + x] = min(field[y * width + x], floor)
                }
            }
        }
    }

    /// Distance of a point to the nearest mark's centre line, pixels (infinity without marks).
    func distance(x: Double, y: Double) -> Double {
        marks.map { Self.distance(x: x, y: y, to: $0.polyline(step: 2)) - $0.width / 2 }.min() ?? .infinity
    }

    private static func distance(x: Double, y: Double, to points: [(x: Double, y: Double)]) -> Double {
        var best = Double.infinity
        for index in 1..<points.count {
            let a = points[index - 1], b = points[index]
            let vx = b.x - a.x, vy = b.y - a.y
            let t = min(max(((x - a.x) * vx + (y - a.y) * vy) / max(vx * vx + vy * vy, 1e-12), 0), 1)
            best = min(best, hypot(x - a.x - t * vx, y - a.y - t * vy))
        }
        return best
    }
}
