/// Grows a ridge pattern from a sparse start (a few random seeds, and patches that hold a minutia
/// each) by iterative contextual filtering (SFinGe, Cappelli, Maio & Maltoni 2000): each step
/// filters every pixel with the Gabor kernel of its own orientation and period, amplifies and
/// clips to −1…1, until the finger area has settled.
///
/// Runs on a grid `scale` times coarser than the output (4× fewer pixels, 4× smaller kernels).
struct RidgeGrowth {
    let width: Int
    let height: Int
    let bank: GaborKernelBank
    /// The kernel for each grid cell, or −1 outside the area that grows.
    let kernelIndex: [Int32]

    /// Grows `start` (`width` × `height`, 0 where nothing is set yet) until the whole area is
    /// reached and at most `1 − settledShare` of it still flips. The settled field, `width` ×
    /// `height`, values in −1…1 (positive: ridge).
    func grow(start: [Float], gain: Float, maxIterations: Int,
              settledShare: Double) -> (field: [Float], iterations: Int) {
        let r = bank.radius, stride = width + 2 * r
        var current = [Float](repeating: 0, count: stride * (height + 2 * r))
        for y in 0..<height {
            for x in 0..<width { current[(y + r) * stride + x + r] = start[y * width + x] }
        }
        var next = current
        let activeCount = kernelIndex.reduce(0) { $0 + ($1 >= 0 ? 1 : 0) }
        var iterations = 0
        while iterations < maxIterations {
            iterations += 1
            let change = step(from: current, into: &next, gain: gain)
            swap(&current, &next)
            let reachedAll = Double(change.unreached) <= 0.0005 * Double(activeCount)
            if reachedAll && Double(change.flipped) <= (1 - settledShare) * Double(activeCount) { break }
        }
        var field = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { field[y * width + x] = current[(y + r) * stride + x + r] }
        }
        return (field, iterations)
    }

    /// One filtering pass over the active cells; counts the cells the growth has not reached yet
    /// and those that flipped clearly to the other side of zero.
    private func step(from source: [Float], into target: inout [Float],
                      gain: Float) -> (unreached: Int, flipped: Int) {
        let r = bank.radius, side = bank.side, taps = bank.tapCount, stride = width &+ 2 &* r
        var unreached = 0, flipped = 0
        source.withUnsafeBufferPointer { input in
            target.withUnsafeMutableBufferPointer { output in
                bank.weights.withUnsafeBufferPointer { weights in
                    kernelIndex.withUnsafeBufferPointer { kernels in
                        for y in 0..<height {
                            for x in 0..<width {
                                let kernel = Int(kernels[y &* width &+ x])
                                let centre = (y &+ r) &* stride &+ x &+ r
                                guard kernel >= 0 else { continue }
                                let sum = Self.filtered(input, at: y &* stride &+ x, stride: stride,
                                                        weights: weights, from: kernel &* taps, side: side)
                                let value = min(max(sum * gain, -1), 1)
                                output[centre] = value
                                let previous = input[centre]
                                // Sign changes of weak values are a zero crossing shifting by a fraction of a pixel.
                                if abs(value) < 1e-3 {
                                    unreached &+= 1
                                } else if (value > 0) != (previous > 0) && abs(value - previous) > 0.5 {
                                    flipped &+= 1
                                }
                            }
                        }
                    }
                }
            }
        }
        return (unreached, flipped)
    }

    /// One kernel applied at one cell: `side` × `side` taps from `weights[base...]` against the
    /// window whose top-left is `corner`. Four running sums let the adds overlap instead of each
    /// waiting for the last (most of a pass is spent here).
    @inline(__always)
    private static func filtered(_ input: UnsafeBufferPointer<Float>, at corner: Int, stride: Int,
                                 weights: UnsafeBufferPointer<Float>, from base: Int, side: Int) -> Float {
        var sums = SIMD4<Float>(repeating: 0)
        let whole = side & ~3
        for row in 0..<side {
            let pixelRow = corner &+ row &* stride, weightRow = base &+ row &* side
            var column = 0
            while column < whole {
                sums += SIMD4(weights[weightRow &+ column], weights[weightRow &+ column &+ 1],
                              weights[weightRow &+ column &+ 2], weights[weightRow &+ column &+ 3])
                    * SIMD4(input[pixelRow &+ column], input[pixelRow &+ column &+ 1],
                            input[pixelRow &+ column &+ 2], input[pixelRow &+ column &+ 3])
                column &+= 4
            }
            while column < side {
                sums[0] += weights[weightRow &+ column] * input[pixelRow &+ column]
                column &+= 1
            }
        }
        return sums.sum()
    }
}
