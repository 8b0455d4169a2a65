/// The image with its local mean removed and its local contrast equalised, ridges positive.
///
/// Each pixel becomes `(localMean − value) / max(localDeviation, floor)`, clipped: dark ridges
/// turn into positive values whatever the pressure, dryness or sensor gain around them.
struct NormalizedImage {
    let raster: FloatRaster
    /// Local standard deviation of the input, in gray levels (the contrast segmentation reads).
    let deviation: FloatRaster

    static func normalize(_ image: ResampledImage, parameters: ExtractionParameters.Normalization) -> NormalizedImage {
        let input = image.raster
        var mean = input.boxMean(radius: parameters.windowRadius)
        var squares = input
        squares.values.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices { buffer[index] = buffer[index] * buffer[index] }
        }
        var meanOfSquares = squares.boxMean(radius: parameters.windowRadius)
        let floor = parameters.contrastFloor, clip = parameters.clip
        // Each pixel reads its two means before writing: the deviation replaces the mean of
        // squares and the normalised value the mean, saving two image-sized allocations.
        input.values.withUnsafeBufferPointer { values in
            mean.values.withUnsafeMutableBufferPointer { means in
                meanOfSquares.values.withUnsafeMutableBufferPointer { squares in
                    for index in 0..<values.count {
                        let m = means[index]
                        let sigma = max(squares[index] - m * m, 0).squareRoot()
                        squares[index] = sigma
                        let value = (m - values[index]) / max(sigma, floor)
                        means[index] = min(max(value, -clip), clip)
                    }
                }
            }
        }
        return NormalizedImage(raster: mean, deviation: meanOfSquares)
    }
}
