/// Every tuning value of the minutiae extractor, in one place.
///
/// Lengths are in pixels of the working resolution (``resolution`` dpi, 500 by default); the
/// extractor resamples each image to it first, so the same values serve every sensor.
public struct ExtractionParameters: Sendable, Hashable {
    /// Working resolution in dots per inch; images of other resolutions are resampled to it.
    public var resolution: Double = 500
    /// Side of the square blocks the orientation, mask and frequency fields are computed on.
    public var blockSize = 8
    public var normalization = Normalization()
    public var orientation = Orientation()
    public var segmentation = Segmentation()
    public var frequency = Frequency()
    public var enhancement = Enhancement()
    public var skeleton = SkeletonFilters()
    public var minutiae = MinutiaFilters()

    public init() {}

    /// Local mean and contrast normalisation (``NormalizedImage``).
    public struct Normalization: Sendable, Hashable {
        /// Half side of the window the local mean and deviation are taken over.
        public var windowRadius = 8
        /// Smallest standard deviation divided by, in gray levels, so flat areas stay flat.
        public var contrastFloor: Float = 6
        /// Normalised values are clipped to ±this many standard deviations.
        public var clip: Float = 2.5
        public init() {}
    }

    /// Gradient-tensor orientation (``OrientationField``).
    public struct Orientation: Sendable, Hashable {
        /// Gaussian smoothing of the block tensors, in blocks: sets the reliability window.
        public var tensorSigma = 1.0
        /// Further smoothing of the orientation vectors, weighted by reliability, in blocks.
        public var vectorSigma = 1.5
        /// Gaussian smoothing of the image before its gradients are taken, in pixels: pores, dry
        /// ridges broken into dots and sensor noise otherwise add gradients across the flow.
        public var gradientSigma = 1.0
        public init() {}
    }

    /// Foreground detection (``SegmentationMask``).
    public struct Segmentation: Sendable, Hashable {
        /// A block is foreground when its contrast reaches this share of the 90th percentile…
        public var relativeContrast: Float = 0.2
        /// …and at least this absolute standard deviation, in gray levels (faint optical prints
        /// show ridges at 5–10 levels against a background under 4).
        public var absoluteContrast: Float = 4
        /// Minimum orientation reliability (coherence, 0–1) of a foreground block.
        public var minimumCoherence: Float = 0.15
        /// Radius, in blocks, of the majority vote that smooths the mask.
        public var voteRadius = 2
        /// Foreground islands smaller than this share of the largest one are dropped.
        public var minimumIslandShare = 0.2
        public init() {}
    }

    /// Ridge period per block from oriented signatures (``RidgeFrequency``).
    public struct Frequency: Sendable, Hashable {
        /// Length of the signature taken across the ridges.
        public var signatureLength = 32
        /// Half length, along the ridges, of the band averaged into the signature.
        public var bandHalfLength = 6
        /// Plausible ridge periods; blocks outside take their neighbours' value.
        public var minimumPeriod: Float = 4
        public var maximumPeriod: Float = 15
        /// Period assumed where nothing could be measured (typical adult finger at 500 dpi).
        public var defaultPeriod: Float = 9
        /// Gaussian smoothing of the period field, in blocks.
        public var smoothingSigma = 2.0
        public init() {}
    }

    /// Contextual Gabor filtering (``EnhancedImage``).
    public struct Enhancement: Sendable, Hashable {
        /// Orientations in the precomputed filter bank (over 180°).
        public var orientationCount = 16
        /// Half side of each kernel.
        public var kernelRadius = 7
        /// Gaussian envelope across and along the ridges, as a share of the ridge period.
        public var sigmaAcross: Float = 0.45
        public var sigmaAlong: Float = 0.55
        public init() {}
    }

    /// Structural clean-up of the ridge skeleton (``SkeletonGraph``).
    public struct SkeletonFilters: Sendable, Hashable {
        /// Loops shorter than this are pores or holes in a ridge, not two ridges.
        public var maximumPoreLength = 24
        /// Two endings this close, facing each other along the ridge flow, are one broken ridge.
        public var maximumGapLength = 20
        /// Largest angle, in radians, between a gap and the ridges on both sides.
        public var maximumGapAngle = 0.6
        /// Branches from a bifurcation to an ending shorter than this are spurs.
        public var minimumTailLength = 16
        /// Ridges with two free ends shorter than this are fragments.
        public var minimumFragmentLength = 24
        /// Links between two bifurcations shorter than this are bridges between neighbouring ridges.
        public var maximumBridgeLength = 12
        public init() {}
    }

    /// Choice and description of the final minutiae (``MinutiaSet``).
    public struct MinutiaFilters: Sendable, Hashable {
        /// Minutiae closer than this to the edge of the foreground are dropped.
        public var borderDistance = 12
        /// Length of ridge followed to measure a minutia's direction.
        public var directionLength = 12
        /// Ridge clarity (``RidgeClarity``) at which a minutia's quality is no longer lowered.
        public var clearRidgeShare: Float = 0.5
        /// A minutia with more than `cloudCount` others within `cloudRadius` is noise.
        public var cloudRadius = 20
        public var cloudCount = 4
        /// At most this many minutiae are kept, the best by quality.
        public var maximumCount = 80
        public init() {}
    }
}
