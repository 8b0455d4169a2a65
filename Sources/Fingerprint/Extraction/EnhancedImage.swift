import Imaging

/// The normalised image filtered, block by block, with the Gabor kernel tuned to the local ridge
/// direction and period: ridges come out positive, valleys negative, noise suppressed.
struct EnhancedImage {
    let raster: FloatRaster

    static func enhance(_ image: NormalizedImage, orientation: OrientationField, frequency: RidgeFrequency,
                        mask: SegmentationMask, bank: GaborFilterBank) -> EnhancedImage {
        let grid = orientation.grid, size = grid.blockSize, radius = bank.radius, side = bank.side
        let paddedWidth = grid.columns * size + 2 * radius
        let padded = paddedCopy(image.raster, width: paddedWidth, height: grid.rows * size + 2 * radius, radius: radius)
        let outputWidth = grid.columns * size
        var output = [Float](repeating: 0, count: outputWidth * grid.rows * size)
        padded.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for row in 0..<grid.rows {
                    for column in 0..<grid.columns where mask.isForeground(column: column, row: row) {
                        let centreX = Double(column * size) + Double(size) / 2, centreY = Double(row * size) + Double(size) / 2
                        let index = bank.kernelIndex(angle: orientation.angle(column: column, row: row),
                                                     period: frequency.period(x: centreX, y: centreY))
                        bank.kernels[index].withUnsafeBufferPointer { kernel in
                            filterBlock(source.baseAddress!, sourceWidth: paddedWidth, kernel: kernel.baseAddress!,
                                        side: side, x0: column * size, y0: row * size, size: size,
                                        target: target.baseAddress!, targetWidth: outputWidth)
                        }
                    }
                }
            }
        }
        var raster = FloatRaster(width: image.raster.width, height: image.raster.height)
        for y in 0..<raster.height {
            for x in 0..<raster.width { raster[x, y] = output[y * outputWidth + x] }
        }
        return EnhancedImage(raster: raster)
    }

    // The innermost loop runs over the block's pixels of one row, contiguous in memory, so the
    // optimiser turns it into packed multiply-adds.
    private static func filterBlock(_ source: UnsafePointer<Float>, sourceWidth: Int, kernel: UnsafePointer<Float>,
                                    side: Int, x0: Int, y0: Int, size: Int,
                                    target: UnsafeMutablePointer<Float>, targetWidth: Int) {
        for y in y0..<(y0 &+ size) {
            let out = target + (y &* targetWidth &+ x0)
            for ky in 0..<side {
                let sourceRow = source + ((y &+ ky) &* sourceWidth &+ x0)
                let kernelRow = kernel + (ky &* side)
                for kx in 0..<side {
                    let weight = kernelRow[kx]
                    let start = sourceRow + kx
                    for i in 0..<size { out[i] += weight * start[i] }
                }
            }
        }
    }

    private static func paddedCopy(_ raster: FloatRaster, width: Int, height: Int, radius: Int) -> [Float] {
        var padded = [Float](repeating: 0, count: width * height)
        for y in 0..<raster.height {
            for x in 0..<raster.width { padded[(y + radius) * width + x + radius] = raster[x, y] }
        }
        return padded
    }
}
