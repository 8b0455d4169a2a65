import Foundation

extension FloatRaster {
    /// The mean over a `(2·radius+1)²` square around each value, borders clamped.
    ///
    /// Two running-sum passes, so the cost does not depend on `radius`.
    func boxMean(radius: Int) -> FloatRaster {
        boxRows(radius: radius).boxColumns(radius: radius)
    }

    /// A Gaussian blur with standard deviation `sigma` (in cells), borders clamped.
    func gaussianBlurred(sigma: Double) -> FloatRaster {
        guard sigma > 0 else { return self }
        let kernel = Self.gaussianKernel(sigma: sigma)
        return convolvedRows(kernel).convolvedColumns(kernel)
    }

    static func gaussianKernel(sigma: Double) -> [Float] {
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        var kernel = (-radius...radius).map { offset -> Float in
            let distance = Double(offset)
            return Float(exp(-distance * distance / (2 * sigma * sigma)))
        }
        let total = kernel.reduce(0, +)
        for index in kernel.indices { kernel[index] /= total }
        return kernel
    }

    private func boxRows(radius: Int) -> FloatRaster {
        var out = FloatRaster(width: width, height: height)
        let scale = 1 / Float(2 * radius + 1)
        values.withUnsafeBufferPointer { source in
            out.values.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    let row = source.baseAddress! + (y &* width), result = target.baseAddress! + (y &* width)
                    var sum: Float = 0
                    for offset in -radius...radius { sum += row[min(max(offset, 0), width &- 1)] }
                    // Clamping is only needed where the window reaches past either end of the row.
                    let clampFree = radius..<max(radius, width &- radius &- 1)
                    for x in 0..<width {
                        result[x] = sum * scale
                        if clampFree.contains(x) {
                            sum += row[x &+ radius &+ 1] - row[x &- radius]
                        } else {
                            sum += row[min(x &+ radius &+ 1, width &- 1)] - row[max(x &- radius, 0)]
                        }
                    }
                }
            }
        }
        return out
    }

    /// ``boxRows(radius:)`` down the columns: every column keeps its own running sum, updated in
    /// the same order as a row's, and a whole image row of sums advances at once, so the pass
    /// reads memory in order.
    private func boxColumns(radius: Int) -> FloatRaster {
        var out = FloatRaster(width: width, height: height)
        let scale = 1 / Float(2 * radius + 1), width = width, last = height &- 1
        var sums = [Float](repeating: 0, count: width)
        values.withUnsafeBufferPointer { source in
            out.values.withUnsafeMutableBufferPointer { target in
                sums.withUnsafeMutableBufferPointer { sums in
                    for offset in -radius...radius {
                        let row = min(max(offset, 0), last) &* width
                        for x in 0..<width { sums[x] += source[row &+ x] }
                    }
                    for y in 0..<height {
                        let result = y &* width
                        let leaving = max(y &- radius, 0) &* width, entering = min(y &+ radius &+ 1, last) &* width
                        for x in 0..<width {
                            target[result &+ x] = sums[x] * scale
                            sums[x] += source[entering &+ x] - source[leaving &+ x]
                        }
                    }
                }
            }
        }
        return out
    }

    /// Each row convolved with `kernel` (odd length), borders clamped. Tap by tap over the whole
    /// interior of a row, so the inner loop is a vectorisable multiply-add over consecutive values.
    private func convolvedRows(_ kernel: [Float]) -> FloatRaster {
        var out = FloatRaster(width: width, height: height)
        let radius = kernel.count / 2, width = width, last = width &- 1
        let interior = radius..<max(radius, width &- radius)
        // The border cells: rows narrower than the kernel have no interior at all.
        let borders = [0..<min(radius, width), min(interior.upperBound, width)..<width]
        values.withUnsafeBufferPointer { source in
            out.values.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    let row = source.baseAddress! + (y &* width), result = target.baseAddress! + (y &* width)
                    for (k, weight) in kernel.enumerated() {
                        let shift = k &- radius
                        for x in interior { result[x] += weight * row[x &+ shift] }
                    }
                    for border in borders {
                        for x in border {
                            var sum: Float = 0
                            for (k, weight) in kernel.enumerated() { sum += weight * row[min(max(x &+ k &- radius, 0), last)] }
                            result[x] = sum
                        }
                    }
                }
            }
        }
        return out
    }

    /// Each column convolved with `kernel`, borders clamped: whole rows are accumulated at once,
    /// so memory is read in order and no transposition is needed.
    private func convolvedColumns(_ kernel: [Float]) -> FloatRaster {
        var out = FloatRaster(width: width, height: height)
        let radius = kernel.count / 2, width = width, last = height &- 1
        values.withUnsafeBufferPointer { source in
            out.values.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    let result = target.baseAddress! + (y &* width)
                    for (k, weight) in kernel.enumerated() {
                        let row = source.baseAddress! + (min(max(y &+ k &- radius, 0), last) &* width)
                        for x in 0..<width { result[x] += weight * row[x] }
                    }
                }
            }
        }
        return out
    }
}
