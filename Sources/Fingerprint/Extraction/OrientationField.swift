import Foundation

/// Local ridge direction per block, with its reliability (gradient-tensor coherence).
///
/// Angles are in radians in `0..<π`, measured in image coordinates (x right, y down) from the
/// x axis towards the y axis; a ridge has no sense of direction, hence the half turn.
struct OrientationField {
    let grid: BlockGrid
    /// Doubled-angle unit vectors, smoothed: `cos 2θ` and `sin 2θ` of the ridge direction.
    let cosine: FloatRaster
    let sine: FloatRaster
    /// 0 (no dominant direction) to 1 (perfectly parallel ridges), before the final smoothing.
    let coherence: FloatRaster

    static func estimate(_ image: NormalizedImage, grid: BlockGrid,
                         parameters: ExtractionParameters.Orientation) -> OrientationField {
        let source = parameters.gradientSigma > 0 ? image.raster.gaussianBlurred(sigma: parameters.gradientSigma) : image.raster
        var (difference, product, energy) = blockTensors(source, grid: grid)
        difference = difference.gaussianBlurred(sigma: parameters.tensorSigma)
        product = product.gaussianBlurred(sigma: parameters.tensorSigma)
        energy = energy.gaussianBlurred(sigma: parameters.tensorSigma)
        var coherence = grid.emptyField()
        var cosine = grid.emptyField(), sine = grid.emptyField()
        for index in 0..<coherence.values.count {
            let e = energy.values[index]
            guard e > 1e-6 else { continue }
            // The gradient is perpendicular to the ridge: rotating 2θ by π flips both signs.
            cosine.values[index] = -difference.values[index] / e
            sine.values[index] = -product.values[index] / e
            let strength = (difference.values[index] * difference.values[index]
                + product.values[index] * product.values[index]).squareRoot()
            coherence.values[index] = strength / e
        }
        cosine = cosine.gaussianBlurred(sigma: parameters.vectorSigma)
        sine = sine.gaussianBlurred(sigma: parameters.vectorSigma)
        for index in 0..<cosine.values.count {
            let length = (cosine.values[index] * cosine.values[index] + sine.values[index] * sine.values[index]).squareRoot()
            if length > 1e-9 {
                cosine.values[index] /= length
                sine.values[index] /= length
            } else {
                cosine.values[index] = 1
            }
        }
        return OrientationField(grid: grid, cosine: cosine, sine: sine, coherence: coherence)
    }

    /// Ridge direction of a block, `0..<π`.
    func angle(column: Int, row: Int) -> Double {
        Self.halfAngle(cosine[column, row], sine[column, row])
    }

    /// Ridge direction at a pixel position, interpolated between block centres.
    func angle(x: Double, y: Double) -> Double {
        let position = grid.blockPosition(x: x, y: y)
        return Self.halfAngle(cosine.interpolated(x: position.x, y: position.y),
                              sine.interpolated(x: position.x, y: position.y))
    }

    /// Reliability at a pixel position, interpolated between block centres.
    func coherence(x: Double, y: Double) -> Float {
        let position = grid.blockPosition(x: x, y: y)
        return coherence.interpolated(x: position.x, y: position.y)
    }

    private static func halfAngle(_ cosine: Float, _ sine: Float) -> Double {
        var angle = 0.5 * atan2(Double(sine), Double(cosine))
        if angle < 0 { angle += .pi }
        return angle >= .pi ? 0 : angle
    }

    /// Per block sums of `gx² − gy²`, `2·gx·gy` and `gx² + gy²` from Sobel gradients.
    private static func blockTensors(_ raster: FloatRaster, grid: BlockGrid)
        -> (FloatRaster, FloatRaster, FloatRaster) {
        var difference = grid.emptyField(), product = grid.emptyField(), energy = grid.emptyField()
        let width = raster.width, height = raster.height, columns = grid.columns, size = grid.blockSize
        raster.values.withUnsafeBufferPointer { buffer in
            let pixels = buffer.baseAddress!
            for y in 1..<max(height - 1, 1) {
                let above = pixels + ((y &- 1) &* width), row = pixels + (y &* width), below = pixels + ((y &+ 1) &* width)
                let blockRow = (y / size) &* columns
                for x in 1..<max(width - 1, 1) {
                    let gx = (above[x &+ 1] - above[x &- 1]) + 2 * (row[x &+ 1] - row[x &- 1]) + (below[x &+ 1] - below[x &- 1])
                    let gy = (below[x &- 1] - above[x &- 1]) + 2 * (below[x] - above[x]) + (below[x &+ 1] - above[x &+ 1])
                    let block = blockRow &+ x / size
                    difference.values[block] += gx * gx - gy * gy
                    product.values[block] += 2 * gx * gy
                    energy.values[block] += gx * gx + gy * gy
                }
            }
        }
        return (difference, product, energy)
    }
}
