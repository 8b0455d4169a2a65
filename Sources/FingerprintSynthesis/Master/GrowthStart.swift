#if canImport(Glibc)
import Glibc
#endif

/// What ridge growth starts from, on its coarse grid: single-cell seeds of random sign, as in
/// SFinGe, and small patches that each hold one ridge dislocation (a ridge ending that is also a
/// valley bifurcation), scattered over the finger.
///
/// Growth alone puts minutiae only where the flow forces them (around cores and deltas, where
/// ridges diverge), so its minutiae crowd there; real minutiae are spread over the whole print. A
/// dislocation is topological: the phase turns by 2π around it, which filtering cannot undo
/// without moving it out of the finger or meeting an opposite one, so planted ones survive the
/// growth where they were put (Feng & Jain's "spiral phase" view of minutiae, 2011).
struct GrowthStart {
    let columns: Int
    let rows: Int
    /// Output pixels per grid cell.
    let scale: Int
    let plan: RidgeGrowthPlan

    /// The start values, `columns` × `rows`, 0 where nothing is set.
    func values(using generator: inout Xoshiro256) -> [Float] {
        var start = [Float](repeating: 0, count: columns * rows)
        let area = Double(plan.parameters.width * plan.parameters.height) * 0.7
        for (x, y) in points(count: Int((plan.traits.seedDensity * area / 10_000).rounded()),
                             separation: 0, using: &generator) {
            start[y * columns + x] = generator.next() & 1 == 0 ? 1 : -1
        }
        let spacing = plan.parameters.plantedMinutiaSpacing * plan.periods.meanPeriod / Double(scale)
        for (x, y) in points(count: Int((plan.traits.plantedMinutiaDensity * area / 10_000).rounded()),
                             separation: spacing, using: &generator) {
            plantDislocation(in: &start, column: x, row: y, using: &generator)
        }
        return start
    }

    /// Up to `count` random cells on the finger, at least `separation` cells apart.
    private func points(count: Int, separation: Double, using generator: inout Xoshiro256) -> [(Int, Int)] {
        var chosen = [(Int, Int)]()
        var attempts = 0
        let cell = Double(scale)
        while chosen.count < count && attempts < max(1, count) * 50 {
            attempts += 1
            let x = generator.integer(0...(columns - 1)), y = generator.integer(0...(rows - 1))
            let depth = plan.shape.depth(x: (Double(x) + 0.5) * cell, y: (Double(y) + 0.5) * cell)
            guard depth > plan.periods.meanPeriod,
                  chosen.allSatisfy({ hypot(Double($0.0 - x), Double($0.1 - y)) >= separation }) else { continue }
            chosen.append((x, y))
        }
        return chosen
    }

    /// Writes a disc of about one ridge period's radius whose ridges follow the local orientation
    /// and period, with one ridge more on one side of the centre than on the other.
    private func plantDislocation(in start: inout [Float], column: Int, row: Int, using generator: inout Xoshiro256) {
        let cell = Double(scale)
        let centre = (x: (Double(column) + 0.5) * cell, y: (Double(row) + 0.5) * cell)
        let angle = plan.orientation.orientation(x: centre.x, y: centre.y)
        let period = plan.periods.period(x: centre.x, y: centre.y) / cell
        let along = (cos(angle), sin(angle)), across = (-sin(angle), cos(angle))
        let charge: Double = generator.next() & 1 == 0 ? 1 : -1
        let phase = generator.uniform(0...(2 * .pi))
        let radius = 1.2 * period
        let reach = Int(radius.rounded(.up))
        for dy in -reach...reach {
            for dx in -reach...reach {
                let x = column + dx, y = row + dy
                guard x >= 0, y >= 0, x < columns, y < rows else { continue }
                let distance = hypot(Double(dx), Double(dy))
                guard distance <= radius, distance > 0 else { continue }
                let u = Double(dx) * across.0 + Double(dy) * across.1
                let v = Double(dx) * along.0 + Double(dy) * along.1
                let value = cos(2 * .pi * u / period + charge * atan2(u, v) + phase)
                start[y * columns + x] = Float(value)
            }
        }
    }
}
