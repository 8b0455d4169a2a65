import Foundation
import Imaging

/// Finds minutiae in a fingerprint image: a straight list of named steps, each producing the
/// value the next one reads.
///
/// Create one extractor and reuse it: it precomputes its Gabor filter bank. Extraction is pure
/// and thread-safe.
public struct FeatureExtractor: Sendable {
    public let parameters: ExtractionParameters
    let bank: GaborFilterBank

    public init(parameters: ExtractionParameters = ExtractionParameters()) {
        self.parameters = parameters
        bank = GaborFilterBank(parameters: parameters)
    }

    /// Extracts the features of `image`, whose `dpi` must be its true resolution.
    public func extract(_ image: GrayImage, observer: (any ExtractionObserver)? = nil) -> FingerprintFeatures {
        let p = parameters
        let resampled = ResampledImage.resample(image, to: p.resolution)
        let grid = BlockGrid(blockSize: p.blockSize, imageWidth: resampled.raster.width, imageHeight: resampled.raster.height)
        let normalized = NormalizedImage.normalize(resampled, parameters: p.normalization)
        let orientation = OrientationField.estimate(normalized, grid: grid, parameters: p.orientation)
        let mask = SegmentationMask.segment(normalized, orientation: orientation, parameters: p.segmentation)
        let frequency = RidgeFrequency.estimate(normalized, orientation: orientation, mask: mask, parameters: p.frequency)
        let enhanced = EnhancedImage.enhance(normalized, orientation: orientation, frequency: frequency, mask: mask, bank: bank)
        let clarity = RidgeClarity.measure(enhanced: enhanced, normalized: normalized, mask: mask)
        let binarized = BinarizedImage.binarize(enhanced, mask: mask)
        let skeleton = Skeleton.thin(binarized)
        let graph = SkeletonGraph.trace(skeleton).cleaned(orientation: orientation, parameters: p.skeleton)
        let minutiae = MinutiaSet.detect(graph, orientation: orientation, mask: mask, clarity: clarity, parameters: p.minutiae)
        if let observer {
            let steps = ExtractionProducts(resampled: resampled, normalized: normalized, orientation: orientation,
                                           mask: mask, frequency: frequency, enhanced: enhanced, binarized: binarized,
                                           skeleton: skeleton, minutiae: minutiae)
            steps.report(to: observer, dpi: p.resolution)
        }
        return features(minutiae, mask: mask, orientation: orientation, image: image, scale: resampled.scale)
    }

    private func features(_ set: MinutiaSet, mask: SegmentationMask, orientation: OrientationField,
                          image: GrayImage, scale: Double) -> FingerprintFeatures {
        let minutiae = set.candidates.sorted { $0.quality > $1.quality }.map { candidate in
            // Image coordinates turn clockwise on screen, ISO directions counter-clockwise; and
            // the candidates point out of the Y's stem, ISO away from it: half a turn apart.
            var direction = (Double.pi - candidate.angle).truncatingRemainder(dividingBy: 2 * .pi)
            if direction < 0 { direction += 2 * .pi }
            return Minutia(x: candidate.x / scale, y: candidate.y / scale, direction: direction,
                           kind: candidate.kind, quality: candidate.quality)
        }
        let map = ForegroundMap(columns: mask.grid.columns, rows: mask.grid.rows, blockSize: mask.grid.blockSize,
                                resolution: parameters.resolution, flags: mask.foreground)
        return FingerprintFeatures(minutiae: minutiae, width: image.width, height: image.height, dpi: image.dpi,
                                   foreground: map, quality: FingerprintQuality.rate(mask: mask, orientation: orientation,
                                                                                     resolution: parameters.resolution))
    }
}
