#if canImport(Glibc)
import Glibc
#endif

/// A smooth random field: a sum of plane waves with random directions and phases whose
/// wavelengths lie in a band. Values lie in about −1…1; deterministic from the generator.
struct SmoothNoise: Sendable {
    private var waves: [(kx: Double, ky: Double, phase: Double, amplitude: Double)] = []

    init(waveCount: Int = 6, wavelengths: ClosedRange<Double>, using generator: inout Xoshiro256) {
        var total = 0.0
        for _ in 0..<waveCount {
            let direction = generator.uniform(0...(2 * .pi))
            let wavelength = generator.uniform(wavelengths)
            let amplitude = generator.uniform(0.5...1)
            let k = 2 * Double.pi / wavelength
            waves.append((k * cos(direction), k * sin(direction), generator.uniform(0...(2 * .pi)), amplitude))
            total += amplitude
        }
        // A sum of n unit waves has a standard deviation of √(n/2); scale it to about 0.5.
        let scale = 0.5 / max((total * total / Double(waveCount) / 2).squareRoot(), 1e-9)
        waves = waves.map { ($0.kx, $0.ky, $0.phase, $0.amplitude * scale) }
    }

    func value(x: Double, y: Double) -> Double {
        var sum = 0.0
        for wave in waves { sum += wave.amplitude * cos(wave.kx * x + wave.ky * y + wave.phase) }
        return min(max(sum, -1), 1)
    }

    /// The field sampled every `step` pixels over a `width` × `height` canvas, for bilinear lookup.
    func grid(width: Int, height: Int, step: Int) -> SampledGrid {
        SampledGrid(width: width, height: height, step: step) { value(x: $0, y: $1) }
    }
}

/// A function sampled on a coarse grid (every `step` pixels, corners included) and read back with
/// bilinear interpolation: smooth fields cost a few hundred evaluations instead of one per pixel.
struct SampledGrid: Sendable {
    let step: Int
    let columns: Int
    let rows: Int
    private(set) var values: [Double]

    init(width: Int, height: Int, step: Int, _ function: (Double, Double) -> Double) {
        self.step = step
        columns = width / step + 2
        rows = height / step + 2
        values = []
        values.reserveCapacity(columns * rows)
        for row in 0..<rows {
            for column in 0..<columns { values.append(function(Double(column * step), Double(row * step))) }
        }
    }

    func value(x: Double, y: Double) -> Double {
        let gx = min(max(x / Double(step), 0), Double(columns - 1) - 1e-9)
        let gy = min(max(y / Double(step), 0), Double(rows - 1) - 1e-9)
        let column = Int(gx), row = Int(gy)
        let fx = gx - Double(column), fy = gy - Double(row)
        let top = values[row * columns + column] * (1 - fx) + values[row * columns + column + 1] * fx
        let bottom = values[(row + 1) * columns + column] * (1 - fx) + values[(row + 1) * columns + column + 1] * fx
        return top * (1 - fy) + bottom * fy
    }
}
