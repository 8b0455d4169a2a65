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
        let width = raster.width
        output.withUnsafeBufferPointer { source in
            raster.values.withUnsafeMutableBufferPointer { target in
                for y in 0..<raster.height {
                    let from = y &* outputWidth, to = y &* width
                    for x in 0..<width { target[to &+ x] = source[from &+ x] }
                }
            }
        }
        return EnhancedImage(raster: raster)
    }

    // Eight output pixels of a row are summed in one vector register over all kernel taps, so
    // each tap costs one broadcast weight, one unaligned load and a multiply-add, and the output
    // is written once; the remainder of a row narrower than eight goes one pixel at a time.
    private static func filterBlock(_ source: UnsafePointer<Float>, sourceWidth: Int, kernel: UnsafePointer<Float>,
                                    side: Int, x0: Int, y0: Int, size: Int,
                                    target: UnsafeMutablePointer<Float>, targetWidth: Int) {
        let vectorEnd = size - size % 8
        for y in y0..<(y0 &+ size) {
            let out = target + (y &* targetWidth &+ x0)
            let rowStart = source + (y &* sourceWidth &+ x0)
            for x in stride(from: 0, to: vectorEnd, by: 8) {
                var sum = SIMD8<Float>()
                for ky in 0..<side {
                    let sourceRow = UnsafeRawPointer(rowStart + (ky &* sourceWidth &+ x))
                    let kernelRow = kernel + (ky &* side)
                    for kx in 0..<side {
                        let pixels = sourceRow.loadUnaligned(fromByteOffset: kx &* 4, as: SIMD8<Float>.self)
                        sum += kernelRow[kx] * pixels
                    }
                }
                UnsafeMutableRawPointer(out + x).storeBytes(of: sum, as: SIMD8<Float>.self)
            }
            for x in vectorEnd..<size {
                var sum: Float = 0
                for ky in 0..<side {
                    let sourceRow = rowStart + (ky &* sourceWidth &+ x)
                    let kernelRow = kernel + (ky &* side)
                    for kx in 0..<side { sum += kernelRow[kx] * sourceRow[kx] }
                }
                out[x] = sum
            }
        }
    }

    private static func paddedCopy(_ raster: FloatRaster, width: Int, height: Int, radius: Int) -> [Float] {
        var padded = [Float](repeating: 0, count: width * height)
        let rasterWidth = raster.width
        raster.values.withUnsafeBufferPointer { source in
            padded.withUnsafeMutableBufferPointer { target in
                for y in 0..<raster.height {
                    let from = y &* rasterWidth, to = (y &+ radius) &* width &+ radius
                    for x in 0..<rasterWidth { target[to &+ x] = source[from &+ x] }
                }
            }
        }
        return padded
    }
}
