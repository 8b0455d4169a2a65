import Imaging

/// Strips or an image in, upright image and feedback out: the one path every capture takes,
/// swiped or pressed, from real hardware and from the simulated sensor alike.
public struct SwipeStitcher: Sendable {
    /// How a sensor's readout is assembled and normalised.
    public enum Method: Sendable, Hashable {
        /// 2-D frames, motion estimated between consecutive frames, the canvas then enlarged.
        case frames(FrameAssembler.Parameters, DirectionalNormalisation)
        /// Single lines with a look-ahead strip, speed-estimated and resampled.
        case lines(LineAssembler.Parameters, SwipeNormalisation)
        /// Single lines without look-ahead, repeats dropped, stacked as they came.
        case distinctLines(DistinctLineStack, SwipeNormalisation)
        /// One whole image (a press, or a swipe the device assembled), enlarged.
        case image(ImageEnlargement, SwipeNormalisation)
    }

    /// Frames or lines, with their parameters and normalisation.
    public let method: Method
    /// The feedback rules.
    public let assessment: SwipeAssessment
    /// Resolution written into the result image.
    public let dpi: Double

    public init(method: Method, assessment: SwipeAssessment.Parameters, dpi: Double) {
        self.method = method
        self.assessment = SwipeAssessment(parameters: assessment)
        self.dpi = dpi
    }

    /// Assembles frames; `fingerRemoved` is false when the sensor stopped at a frame limit
    /// with the finger still on it.
    public func stitch(frames: [SwipeFrame], fingerRemoved: Bool = true) -> StitchedSwipe {
        guard case .frames(let parameters, let normalisation) = method else {
            preconditionFailure("this sensor does not deliver frames")
        }
        guard let first = frames.first else {
            return StitchedSwipe(image: nil, rawImage: nil, feedback: [.tooShort], details: .frames(nil))
        }
        let assembly = FrameAssembler(parameters: parameters).assemble(frames, dpi: dpi)
        let raw = parameters.enlargement.apply(to: assembly.image)
        let image = normalisation[assembly.motion.direction].apply(to: raw)
        let feedback = assessment.assess(motion: assembly.motion, frameWidth: first.width,
                                         frameHeight: first.height, image: image, fingerRemoved: fingerRemoved)
        return StitchedSwipe(image: image, rawImage: raw, feedback: feedback,
                             details: .frames(assembly.motion))
    }

    /// Assembles the lines a ``LineFilter`` kept, or stacks the distinct ones.
    public func stitch(lines: [ScanLine], fingerRemoved: Bool = true) -> StitchedSwipe {
        if case .distinctLines(let stack, let normalisation) = method {
            return stitch(lines: lines, stack: stack, normalisation: normalisation, fingerRemoved: fingerRemoved)
        }
        guard case .lines(let parameters, let normalisation) = method else {
            preconditionFailure("this sensor does not deliver lines")
        }
        let assembler = LineAssembler(parameters: parameters)
        guard lines.count >= max(2, parameters.minimumLines) else {
            let offsets = lines.count >= 2 ? assembler.speedOffsets(lines) : []
            let feedback = assessment.assess(offsets: offsets, image: nil, fingerRemoved: fingerRemoved)
            return StitchedSwipe(image: nil, rawImage: nil, feedback: feedback,
                                 details: .lines(keptLines: lines.count, offsets: offsets))
        }
        let offsets = assembler.medianFiltered(assembler.speedOffsets(lines))
        let raw = assembler.resample(lines, offsets: offsets, dpi: dpi)
        let image = normalisation.apply(to: raw)
        let feedback = assessment.assess(offsets: offsets, image: image, fingerRemoved: fingerRemoved)
        return StitchedSwipe(image: image, rawImage: raw, feedback: feedback,
                             details: .lines(keptLines: lines.count, offsets: offsets))
    }
}

extension SwipeStitcher {
    /// Normalises a whole image: the sensor (or its device) already assembled it.
    public func stitch(image: GrayImage, fingerRemoved: Bool = true) -> StitchedSwipe {
        guard case .image(let enlargement, let normalisation) = method else {
            preconditionFailure("this sensor does not deliver whole images")
        }
        let raw = enlargement.apply(to: GrayImage(width: image.width, height: image.height, dpi: dpi, pixels: image.pixels))
        let upright = normalisation.apply(to: raw)
        return StitchedSwipe(image: upright, rawImage: raw,
                             feedback: assessment.assess(image: upright, fingerRemoved: fingerRemoved),
                             details: .image)
    }

    private func stitch(lines: [ScanLine], stack: DistinctLineStack, normalisation: SwipeNormalisation,
                        fingerRemoved: Bool) -> StitchedSwipe {
        let kept = stack.keptIndices(lines).count
        guard let raw = stack.assemble(lines, dpi: dpi) else {
            let feedback = assessment.assess(offsets: [], image: nil, fingerRemoved: fingerRemoved)
            return StitchedSwipe(image: nil, rawImage: nil, feedback: feedback, details: .lines(keptLines: kept, offsets: []))
        }
        let image = normalisation.apply(to: raw)
        let feedback = assessment.assess(offsets: [], image: image, fingerRemoved: fingerRemoved)
        return StitchedSwipe(image: image, rawImage: raw, feedback: feedback, details: .lines(keptLines: kept, offsets: []))
    }
}

/// The result of stitching one swipe (or normalising one press).
public struct StitchedSwipe: Sendable {
    /// How the strips were put together.
    public enum Details: Sendable, Hashable {
        /// The estimated frame motion (nil when there were no frames).
        case frames(FrameMotion?)
        /// The kept line count and the filtered speed offsets (none for distinct-line stacking).
        case lines(keptLines: Int, offsets: [Int])
        /// The sensor delivered the whole image.
        case image
    }

    /// The upright image, dark ridges on white; nil when the strips made no image.
    public let image: GrayImage?
    /// The assembled image before normalisation, in the sensor's orientation and polarity.
    public let rawImage: GrayImage?
    /// Empty when the swipe is good.
    public let feedback: [SwipeFeedback]
    /// The motion or the speed offsets behind the image.
    public let details: Details

    /// A result made elsewhere: a device that assembles or rejects swipes itself.
    public init(image: GrayImage?, rawImage: GrayImage?, feedback: [SwipeFeedback], details: Details) {
        self.image = image
        self.rawImage = rawImage
        self.feedback = feedback
        self.details = details
    }

    /// An image without feedback: the swipe is good.
    public var isAccepted: Bool { image != nil && feedback.isEmpty }
}
