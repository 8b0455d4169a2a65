import Foundation

/// Local ridge period (pixels from one ridge to the next) per block.
///
/// Measured on a signature taken across the ridges (the normalised image averaged along the
/// ridge direction, Hong, Wan & Jain 1998); blocks where no plausible period shows are filled
/// from their neighbours, and the field is smoothed.
struct RidgeFrequency {
    let grid: BlockGrid
    /// Ridge period in pixels, per block.
    let period: FloatRaster

    static func estimate(_ image: NormalizedImage, orientation: OrientationField, mask: SegmentationMask,
                         parameters: ExtractionParameters.Frequency) -> RidgeFrequency {
        let grid = orientation.grid
        var measured = grid.emptyField(fill: .nan)
        for row in 0..<grid.rows {
            for column in 0..<grid.columns where mask.isForeground(column: column, row: row) {
                let signature = signature(image.raster, column: column, row: row, grid: grid,
                                          angle: orientation.angle(column: column, row: row), parameters: parameters)
                if let period = period(of: signature),
                   period >= parameters.minimumPeriod, period <= parameters.maximumPeriod {
                    measured[column, row] = period
                }
            }
        }
        let filled = filledGaps(measured, fallback: median(of: measured) ?? parameters.defaultPeriod)
        return RidgeFrequency(grid: grid, period: filled.gaussianBlurred(sigma: parameters.smoothingSigma))
    }

    /// Ridge period at a pixel position, interpolated between block centres.
    func period(x: Double, y: Double) -> Float {
        let position = grid.blockPosition(x: x, y: y)
        return period.interpolated(x: position.x, y: position.y)
    }

    private static func signature(_ raster: FloatRaster, column: Int, row: Int, grid: BlockGrid,
                                  angle: Double, parameters: ExtractionParameters.Frequency) -> [Float] {
        let centreX = (Double(column) + 0.5) * Double(grid.blockSize)
        let centreY = (Double(row) + 0.5) * Double(grid.blockSize)
        let alongX = cos(angle), alongY = sin(angle)
        let acrossX = -alongY, acrossY = alongX
        let length = parameters.signatureLength, band = parameters.bandHalfLength
        let lastX = raster.width - 1, lastY = raster.height - 1, width = raster.width
        var signature = [Float](repeating: 0, count: length)
        raster.values.withUnsafeBufferPointer { values in
            signature.withUnsafeMutableBufferPointer { sums in
                // Band lines outermost: the samples of one line are independent, so their
                // loads and additions overlap; each sum still adds its samples in band order.
                for v in stride(from: -band, through: band, by: 2) {
                    let shiftX = Double(v) * alongX, shiftY = Double(v) * alongY
                    for k in 0..<length {
                        let u = Double(k) - Double(length) / 2 + 0.5
                        let x = min(max(nearestClamped(centreX + u * acrossX + shiftX), 0), lastX)
                        let y = min(max(nearestClamped(centreY + u * acrossY + shiftY), 0), lastY)
                        sums[k] += values[y &* width &+ x]
                    }
                }
            }
        }
        return signature
    }

    /// The nearest integer (halves away from zero) for coordinates the raster clamps anyway:
    /// anything below zero becomes -1, which reads the same edge pixel as its true rounding.
    /// Avoids a library call per sample in the hottest loop of the step.
    @inline(__always)
    private static func nearestClamped(_ value: Double) -> Int {
        value >= 0 ? Int(value + 0.5) : -1
    }

    /// Mean distance between the ridge peaks of a signature, or nil without two clear peaks.
    static func period(of signature: [Float]) -> Float? {
        guard signature.count >= 5 else { return nil }
        var smooth = signature
        for k in 1..<(signature.count - 1) {
            smooth[k] = 0.25 * signature[k - 1] + 0.5 * signature[k] + 0.25 * signature[k + 1]
        }
        var peaks: [Float] = []
        for k in 1..<(smooth.count - 1) where smooth[k] > 0 && smooth[k] > smooth[k - 1] && smooth[k] >= smooth[k + 1] {
            let left = smooth[k - 1], centre = smooth[k], right = smooth[k + 1]
            let curvature = left - 2 * centre + right
            let offset = curvature < 0 ? 0.5 * (left - right) / curvature : 0
            peaks.append(Float(k) + offset)
        }
        guard peaks.count >= 2 else { return nil }
        return (peaks[peaks.count - 1] - peaks[0]) / Float(peaks.count - 1)
    }

    private static func median(of field: FloatRaster) -> Float? {
        let valid = field.values.filter { !$0.isNaN }.sorted()
        return valid.isEmpty ? nil : valid[valid.count / 2]
    }

    /// Replaces NaN blocks by the mean of their measured neighbours, growing outwards.
    private static func filledGaps(_ field: FloatRaster, fallback: Float) -> FloatRaster {
        var current = field
        for _ in 0..<max(field.width, field.height) {
            var next = current, changed = false, missing = false
            for row in 0..<field.height {
                for column in 0..<field.width where current[column, row].isNaN {
                    var sum: Float = 0, count = 0
                    for dy in -1...1 {
                        for dx in -1...1 {
                            let c = column + dx, r = row + dy
                            guard c >= 0, r >= 0, c < field.width, r < field.height else { continue }
                            let value = current[c, r]
                            if !value.isNaN { sum += value; count += 1 }
                        }
                    }
                    if count > 0 { next[column, row] = sum / Float(count); changed = true } else { missing = true }
                }
            }
            current = next
            if !missing || !changed { break }
        }
        for index in current.values.indices where current.values[index].isNaN { current.values[index] = fallback }
        return current
    }
}
