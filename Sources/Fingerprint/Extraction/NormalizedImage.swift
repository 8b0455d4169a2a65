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
        let mean = input.boxMean(radius: parameters.windowRadius)
        var squares = input
        squares.values.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices { buffer[index] = buffer[index] * buffer[index] }
        }
        let meanOfSquares = squares.boxMean(radius: parameters.windowRadius)
        var normalized = FloatRaster(width: input.width, height: input.height)
        var deviation = normalized
        let floor = parameters.contrastFloor, clip = parameters.clip
        input.values.withUnsafeBufferPointer { values in
            mean.values.withUnsafeBufferPointer { means in
                meanOfSquares.values.withUnsafeBufferPointer { squares in
                    deviation.values.withUnsafeMutableBufferPointer { deviations in
                        normalized.values.withUnsafeMutableBufferPointer { target in
                            for index in 0..<values.count {
                                let m = means[index]
                                let sigma = max(squares[index] - m * m, 0).squareRoot()
                                deviations[index] = sigma
                                let value = (m - values[index]) / max(sigma, floor)
                                target[index] = min(max(value, -clip), clip)
                            }
                        }
                    }
                }
            }
        }
        return NormalizedImage(raster: normalized, deviation: deviation)
    }
}
