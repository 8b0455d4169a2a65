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
        return convolvedRows(kernel).transposed().convolvedRows(kernel).transposed()
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

    func transposed() -> FloatRaster {
        var out = FloatRaster(width: height, height: width)
        values.withUnsafeBufferPointer { source in
            out.values.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    for x in 0..<width { target[x &* height &+ y] = source[y &* width &+ x] }
                }
            }
        }
        return out
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
                    for x in 0..<width {
                        result[x] = sum * scale
                        let leaving = row[max(x &- radius, 0)]
                        let entering = row[min(x &+ radius &+ 1, width &- 1)]
                        sum += entering - leaving
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

    private func convolvedRows(_ kernel: [Float]) -> FloatRaster {
        var out = FloatRaster(width: width, height: height)
        let radius = kernel.count / 2
        values.withUnsafeBufferPointer { source in
            out.values.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    let row = source.baseAddress! + (y &* width)
                    for x in 0..<width {
                        var sum: Float = 0
                        for k in 0..<kernel.count {
                            sum += kernel[k] * row[min(max(x &+ k &- radius, 0), width &- 1)]
                        }
                        target[y &* width &+ x] = sum
                    }
                }
            }
        }
        return out
    }
}
