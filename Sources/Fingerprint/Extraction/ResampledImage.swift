import Imaging

/// The input image at the working resolution, as floating-point gray levels.
///
/// Coordinates map back to the input with ``scale``: `inputX = x / scale`.
struct ResampledImage {
    let raster: FloatRaster
    /// Working pixels per input pixel (`500 / 569` for a 569 dpi sensor).
    let scale: Double

    /// Resamples bilinearly when the input resolution differs from `resolution` by more than 1 %.
    static func resample(_ image: GrayImage, to resolution: Double) -> ResampledImage {
        let input = FloatRaster(width: image.width, height: image.height,
                                values: image.pixels.map { Float($0) })
        let scale = resolution / image.dpi
        guard abs(scale - 1) > 0.01 else { return ResampledImage(raster: input, scale: 1) }
        let width = max(1, Int((Double(image.width) * scale).rounded()))
        let height = max(1, Int((Double(image.height) * scale).rounded()))
        let smoothed = scale < 0.75 ? input.gaussianBlurred(sigma: 0.4 / scale) : input
        var out = FloatRaster(width: width, height: height)
        for y in 0..<height {
            let sourceY = (Double(y) + 0.5) / scale - 0.5
            for x in 0..<width {
                out[x, y] = smoothed.interpolated(x: (Double(x) + 0.5) / scale - 0.5, y: sourceY)
            }
        }
        return ResampledImage(raster: out, scale: scale)
    }
}
