#if canImport(Glibc)
import Glibc
#endif
import Imaging

/// Ridge orientation per block of any fingerprint image, real or synthetic, smoothed as
/// doubled-angle vectors, with the blocks that hold ridges: what ``PatternClassifier`` finds
/// cores and deltas on.
///
/// Orientations are image angles (x right, y down) of the ridge direction, as
/// ``OrientationModel`` uses, so a classifier run on a synthetic impression can be checked
/// against the master's own singular points.
struct BlockOrientationField {
    let blockSize: Int
    let columns: Int
    let rows: Int
    /// `cos 2θ` and `sin 2θ` of the ridge direction θ, per block, row-major.
    private(set) var cosine: [Double]
    private(set) var sine: [Double]
    /// Blocks with enough contrast to hold ridges, shrunk away from the print's edge.
    private(set) var foreground: [Bool]

    /// Measures `image` in blocks of `blockSize` pixels, averaging the doubled-angle vectors over
    /// `(2 · smoothing + 1)²` blocks. Blocks whose gray standard deviation is under
    /// `relativeContrast` times that of the image's most contrasted blocks (the 90th percentile)
    /// are background: sensors differ too much in contrast for one absolute level.
    init(image: GrayImage, blockSize: Int, smoothing: Int, relativeContrast: Double) {
        self.blockSize = blockSize
        columns = image.width / blockSize
        rows = image.height / blockSize
        let tensors = Self.blockTensors(image, blockSize: blockSize, columns: columns, rows: rows)
        let deviations = tensors.map(\.deviation).sorted()
        let reference = deviations.isEmpty ? 0 : deviations[min(deviations.count - 1, deviations.count * 9 / 10)]
        foreground = tensors.map { $0.deviation >= relativeContrast * reference && $0.deviation > 0 }
        cosine = tensors.map { -$0.difference }
        sine = tensors.map { -$0.product }
        // An opening drops specks of background noise; filling keeps low-contrast patches inside the print.
        foreground = filled(dilated(eroded(foreground)))
        smooth(radius: smoothing)
        foreground = eroded(foreground)
    }

    func index(_ column: Int, _ row: Int) -> Int { row * columns + column }

    func isForeground(_ column: Int, _ row: Int) -> Bool {
        column >= 0 && row >= 0 && column < columns && row < rows && foreground[index(column, row)]
    }

    /// The ridge direction of a block, radians in `0 ..< π`.
    func angle(_ column: Int, _ row: Int) -> Double {
        var angle = 0.5 * atan2(sine[index(column, row)], cosine[index(column, row)])
        if angle < 0 { angle += .pi }
        return angle
    }

    /// The centre of a block in image pixels.
    func center(_ column: Int, _ row: Int) -> (x: Double, y: Double) {
        ((Double(column) + 0.5) * Double(blockSize), (Double(row) + 0.5) * Double(blockSize))
    }

    /// Gradient tensor terms `gx² − gy²`, `2 gx gy` (normalised by the block's gradient energy)
    /// and the gray standard deviation of every block.
    private static func blockTensors(_ image: GrayImage, blockSize: Int, columns: Int,
                                     rows: Int) -> [(difference: Double, product: Double, deviation: Double)] {
        var result = [(difference: Double, product: Double, deviation: Double)]()
        result.reserveCapacity(columns * rows)
        image.pixels.withUnsafeBufferPointer { pixels in
            let width = image.width, height = image.height
            for row in 0..<rows {
                for column in 0..<columns {
                    var gxx = 0.0, gyy = 0.0, gxy = 0.0, sum = 0.0, squares = 0.0
                    for y in (row * blockSize)..<((row + 1) * blockSize) {
                        let up = max(y - 1, 0) * width, down = min(y + 1, height - 1) * width, here = y * width
                        for x in (column * blockSize)..<((column + 1) * blockSize) {
                            let gx = Double(pixels[here + min(x + 1, width - 1)]) - Double(pixels[here + max(x - 1, 0)])
                            let gy = Double(pixels[down + x]) - Double(pixels[up + x])
                            gxx += gx * gx
                            gyy += gy * gy
                            gxy += gx * gy
                            let level = Double(pixels[here + x])
                            sum += level
                            squares += level * level
                        }
                    }
                    let count = Double(blockSize * blockSize), energy = max(gxx + gyy, 1e-9)
                    let deviation = max(squares / count - (sum / count) * (sum / count), 0).squareRoot()
                    result.append(((gxx - gyy) / energy, 2 * gxy / energy, deviation))
                }
            }
        }
        return result
    }

    /// Box-averages the doubled-angle vectors over foreground blocks, then normalises them.
    private mutating func smooth(radius: Int) {
        var smoothedCosine = cosine, smoothedSine = sine
        for row in 0..<rows {
            for column in 0..<columns {
                var c = 0.0, s = 0.0
                for dy in -radius...radius {
                    for dx in -radius...radius where isForeground(column + dx, row + dy) {
                        c += cosine[index(column + dx, row + dy)]
                        s += sine[index(column + dx, row + dy)]
                    }
                }
                let length = max((c * c + s * s).squareRoot(), 1e-12)
                smoothedCosine[index(column, row)] = c / length
                smoothedSine[index(column, row)] = s / length
            }
        }
        cosine = smoothedCosine
        sine = smoothedSine
    }

    /// The mask without the blocks that touch background (4-neighbours; the image's edge counts as background).
    private func eroded(_ mask: [Bool]) -> [Bool] {
        changed(mask, from: true) { column, row in
            Self.neighbours.contains { !isInside(column + $0.dx, row + $0.dy) || !mask[index(column + $0.dx, row + $0.dy)] }
        }
    }

    /// The mask with every block that touches it added.
    private func dilated(_ mask: [Bool]) -> [Bool] {
        changed(mask, from: false) { column, row in
            Self.neighbours.contains { isInside(column + $0.dx, row + $0.dy) && mask[index(column + $0.dx, row + $0.dy)] }
        }
    }

    /// The mask with every background region that does not reach the image's edge made foreground.
    private func filled(_ mask: [Bool]) -> [Bool] {
        var outside = [Bool](repeating: false, count: mask.count)
        var pending = [(Int, Int)]()
        for row in 0..<rows {
            for column in 0..<columns where (row == 0 || column == 0 || row == rows - 1 || column == columns - 1)
                && !mask[index(column, row)] {
                outside[index(column, row)] = true
                pending.append((column, row))
            }
        }
        while let (column, row) = pending.popLast() {
            for step in Self.neighbours {
                let x = column + step.dx, y = row + step.dy
                guard isInside(x, y), !mask[index(x, y)], !outside[index(x, y)] else { continue }
                outside[index(x, y)] = true
                pending.append((x, y))
            }
        }
        return outside.map { !$0 }
    }

    private static let neighbours = [(dx: 1, dy: 0), (dx: -1, dy: 0), (dx: 0, dy: 1), (dx: 0, dy: -1)]

    private func isInside(_ column: Int, _ row: Int) -> Bool {
        column >= 0 && row >= 0 && column < columns && row < rows
    }

    /// A copy of `mask` where blocks of value `value` flip when `flips` says so.
    private func changed(_ mask: [Bool], from value: Bool, where flips: (Int, Int) -> Bool) -> [Bool] {
        var result = mask
        for row in 0..<rows {
            for column in 0..<columns where mask[index(column, row)] == value && flips(column, row) {
                result[index(column, row)] = !value
            }
        }
        return result
    }
}
