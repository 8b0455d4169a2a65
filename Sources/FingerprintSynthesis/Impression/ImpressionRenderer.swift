import Imaging

/// Draws one impression of a master under given conditions: every output pixel looks up its master
/// point, the ridge field there is thresholded at a pressure- and dryness-dependent level, faded by
/// the contact, and sensor noise, blur and the sensor's gain are applied.
///
/// Smooth quantities (master position, contact, dryness) are computed on a grid every `gridStep`
/// pixels and interpolated, so the per-pixel work is a few dozen arithmetic operations.
struct ImpressionRenderer {
    let master: MasterFingerprint
    let conditions: ImpressionConditions
    let parameters: SynthesisParameters
    let gridStep = 8
    /// Patches of dry skin, in master pixels.
    private let dryness: SmoothNoise

    init(master: MasterFingerprint, conditions: ImpressionConditions, parameters: SynthesisParameters) {
        self.master = master
        self.conditions = conditions
        self.parameters = parameters
        var generator = Xoshiro256(seed: conditions.noiseSeed, path: 2)
        let period = master.periods.meanPeriod
        dryness = SmoothNoise(waveCount: 8, wavelengths: (3 * period)...(8 * period), using: &generator)
    }

    func render() -> GrayImage {
        let width = parameters.width, height = parameters.height
        let grid = LookupGrid(width: width, height: height, step: gridStep) { x, y in nodeValues(x: x, y: y) }
        var levels = [Float](repeating: 0, count: width * height)
        let ink = InkModel(parameters: parameters, conditions: conditions)
        let texture = Float(parameters.skinTexture), textureScale = Float(1 / (parameters.skinTextureCell * master.periods.meanPeriod))
        var row = [Float](repeating: 0, count: width * 4)
        master.ridgeField.withUnsafeBufferPointer { field in
            levels.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    grid.interpolateRow(y, into: &row)
                    row.withUnsafeBufferPointer { node in
                        for x in 0..<width {
                            let n = x &* 4
                            let ridge = Self.sample(field, width: master.width, height: master.height,
                                                    x: node[n], y: node[n &+ 1])
                            // Pores and uneven ridges belong to the skin: the same in every impression.
                            let skin = texture == 0 ? 0 : texture * Self.latticeNoise(node[n] * textureScale,
                                                                                      node[n &+ 1] * textureScale,
                                                                                      master.seed)
                            out[y &* width &+ x] = ink.level(ridge: ridge, contact: node[n &+ 2],
                                                             threshold: node[n &+ 3] + skin,
                                                             noise: Self.hashNoise(x, y, conditions.noiseSeed))
                        }
                    }
                }
            }
        }
        let pixels = SensorGain().applied(to: Self.blurred(levels, width: width), background: parameters.backgroundLevel)
        return GrayImage(width: width, height: height, dpi: parameters.dpi, pixels: pixels)
    }

    /// Master x, master y, contact weight and ridge threshold at an impression point.
    private func nodeValues(x: Double, y: Double) -> (Float, Float, Float, Float) {
        let point = conditions.transform.inverse(x: x, y: y)
        let period = master.periods.meanPeriod
        let onFinger = min(max(master.shape.depth(x: point.x, y: point.y) / period + 0.3, 0), 1)
        let contact = conditions.contact.weight(x: point.x, y: point.y) * onFinger
        let patch = max(0, dryness.value(x: point.x, y: point.y))
        // Light pressure toward the contact's edge thins the ridges there.
        let threshold = conditions.pressure + conditions.dryness * 2 * patch + 0.35 * (1 - contact)
        return (Float(point.x), Float(point.y), Float(contact), Float(threshold))
    }

    /// Bilinear sample of the master's ridge field; 0 outside it.
    @inline(__always)
    static func sample(_ field: UnsafeBufferPointer<Float>, width: Int, height: Int, x: Float, y: Float) -> Float {
        guard x >= 0, y >= 0, x < Float(width - 1), y < Float(height - 1) else { return 0 }
        let column = Int(x), row = Int(y)
        let fx = x - Float(column), fy = y - Float(row)
        let i = row &* width &+ column
        let top = field[i] + (field[i &+ 1] - field[i]) * fx
        let bottom = field[i &+ width] + (field[i &+ width &+ 1] - field[i &+ width]) * fx
        return top + (bottom - top) * fy
    }

    /// Deterministic white noise in −0.5…0.5 from a pixel position and a seed.
    @inline(__always)
    static func hashNoise(_ x: Int, _ y: Int, _ seed: UInt64) -> Float {
        var h = UInt64(truncatingIfNeeded: x) &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(truncatingIfNeeded: y) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= seed
        h ^= h >> 29
        h &*= 0xBF58_476D_1CE4_E5B9
        h ^= h >> 32
        return Float(h >> 40) * (1 / Float(1 << 24)) - 0.5
    }

    /// Smooth noise in −0.5…0.5 from a seed: random values on the integer lattice, interpolated
    /// bilinearly with a smoothstep.
    @inline(__always)
    static func latticeNoise(_ x: Float, _ y: Float, _ seed: UInt64) -> Float {
        let column = Int(x.rounded(.down)), row = Int(y.rounded(.down))
        var fx = x - Float(column), fy = y - Float(row)
        fx = fx * fx * (3 - 2 * fx)
        fy = fy * fy * (3 - 2 * fy)
        let a = hashNoise(column, row, seed), b = hashNoise(column &+ 1, row, seed)
        let c = hashNoise(column, row &+ 1, seed), d = hashNoise(column &+ 1, row &+ 1, seed)
        let top = a + (b - a) * fx, bottom = c + (d - c) * fx
        return top + (bottom - top) * fy
    }

    /// A 3 × 3 binomial blur (the sensor's optics), then rounding to 8 bits.
    static func blurred(_ levels: [Float], width: Int) -> [UInt8] {
        let height = levels.count / width
        var out = [UInt8](repeating: 0, count: levels.count)
        levels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    let up = max(y &- 1, 0) &* width, here = y &* width, down = min(y &+ 1, height &- 1) &* width
                    for x in 0..<width {
                        let left = max(x &- 1, 0), right = min(x &+ 1, width &- 1)
                        var sum = source[up &+ left] + 2 * source[up &+ x] + source[up &+ right]
                        sum += 2 * source[here &+ left] + 4 * source[here &+ x] + 2 * source[here &+ right]
                        sum += source[down &+ left] + 2 * source[down &+ x] + source[down &+ right]
                        target[here &+ x] = UInt8(min(max(sum * (1 / 16) + 0.5, 0), 255))
                    }
                }
            }
        }
        return out
    }
}

/// Turns a ridge-field value into a gray level: threshold, soft edge, contrast, contact fade, noise.
struct InkModel {
    let ridgeLevel: Float
    let valleyLevel: Float
    let backgroundLevel: Float
    let noiseLevels: Float
    let softness: Float = 0.35

    init(parameters: SynthesisParameters, conditions: ImpressionConditions) {
        valleyLevel = Float(parameters.valleyLevel)
        ridgeLevel = valleyLevel - Float((parameters.valleyLevel - parameters.ridgeLevel) * conditions.contrast)
        backgroundLevel = Float(parameters.backgroundLevel)
        noiseLevels = Float(conditions.noiseLevel)
    }

    @inline(__always)
    func level(ridge: Float, contact: Float, threshold: Float, noise: Float) -> Float {
        let t = min(max((ridge - threshold) / softness * 0.5 + 0.5, 0), 1)
        let ink = t * t * (3 - 2 * t)
        let skin = valleyLevel + (ridgeLevel - valleyLevel) * ink
        return backgroundLevel + (skin - backgroundLevel) * contact + noiseLevels * 2 * noise
    }
}

/// Four smooth quantities sampled every `step` pixels (corners included) and interpolated
/// bilinearly, one output row at a time.
struct LookupGrid {
    let step: Int
    let columns: Int
    let width: Int
    /// Node values, four per node, row-major.
    private var nodes: [Float] = []

    init(width: Int, height: Int, step: Int, _ function: (Double, Double) -> (Float, Float, Float, Float)) {
        self.step = step
        self.width = width
        columns = width / step + 2
        let rows = height / step + 2
        nodes.reserveCapacity(columns * rows * 4)
        for row in 0..<rows {
            for column in 0..<columns {
                let value = function(Double(column * step), Double(row * step))
                nodes += [value.0, value.1, value.2, value.3]
            }
        }
    }

    /// The four quantities for every pixel of row `y`, interleaved: `row[4x ..< 4x+4]`.
    func interpolateRow(_ y: Int, into row: inout [Float]) {
        let gridRow = y / step, fy = Float(y - gridRow * step) / Float(step)
        let inverseStep = 1 / Float(step)
        nodes.withUnsafeBufferPointer { node in
            row.withUnsafeMutableBufferPointer { out in
                let top = gridRow &* columns &* 4, bottom = top &+ columns &* 4
                for x in 0..<width {
                    let column = x / step, fx = Float(x &- column &* step) * inverseStep
                    let a = top &+ column &* 4, c = bottom &+ column &* 4
                    for k in 0..<4 {
                        let upper = node[a &+ k] + (node[a &+ 4 &+ k] - node[a &+ k]) * fx
                        let lower = node[c &+ k] + (node[c &+ 4 &+ k] - node[c &+ k]) * fx
                        out[x &* 4 &+ k] = upper + (lower - upper) * fy
                    }
                }
            }
        }
    }
}
