import Imaging

/// Decides which ``SwipeFeedback`` a stitched swipe deserves, from its motion and its image.
public struct SwipeAssessment: Sendable {
    /// Thresholds; per sensor in its profile.
    public struct Parameters: Sendable, Hashable {
        /// Assembled images with fewer rows are too short.
        public var minimumHeight: Int
        /// Fewer pixels in ridge-bearing blocks than this is too little area.
        public var minimumArea: Int
        /// |Σdx| / |Σdy| above this is too skewed (frame sensors only).
        public var maximumSkew: Double
        /// A frame pair whose mean absolute pixel difference at the best shift exceeds this
        /// did not overlap properly.
        public var poorMatchDifference: Int
        /// A frame pair whose best vertical shift is within this many rows of the frame height
        /// barely overlapped: the finger moved almost a whole frame between two scans.
        public var fastShiftMargin: Int
        /// Speed offsets at or below this mean the finger outran the look-ahead (line sensors).
        public var fastOffset: Int
        /// More than this fraction of poor pairs or fast offsets is too fast.
        public var fastFraction: Double
        /// Block size and the grey-level standard deviation above which a block shows ridges.
        public var areaBlock: Int
        public var ridgeDeviation: Int

        public init(minimumHeight: Int, minimumArea: Int, maximumSkew: Double = 0.35,
                    poorMatchDifference: Int = 60, fastShiftMargin: Int = 3, fastOffset: Int = 2,
                    fastFraction: Double = 0.25,
                    areaBlock: Int = 16, ridgeDeviation: Int = 20) {
            self.minimumHeight = minimumHeight
            self.minimumArea = minimumArea
            self.maximumSkew = maximumSkew
            self.poorMatchDifference = poorMatchDifference
            self.fastShiftMargin = fastShiftMargin
            self.fastOffset = fastOffset
            self.fastFraction = fastFraction
            self.areaBlock = areaBlock
            self.ridgeDeviation = ridgeDeviation
        }
    }

    /// The thresholds in use.
    public let parameters: Parameters

    public init(parameters: Parameters) {
        self.parameters = parameters
    }

    /// Feedback for a frame-based swipe of `frameWidth` × `frameHeight` frames.
    public func assess(motion: FrameMotion, frameWidth: Int, frameHeight: Int, image: GrayImage,
                       fingerRemoved: Bool) -> [SwipeFeedback] {
        let area = frameWidth * frameHeight
        var fastPairs = 0
        for (score, shift) in zip(motion.pairScores, motion.shifts.dropFirst())
        where score / area > parameters.poorMatchDifference || abs(shift.dy) >= frameHeight - parameters.fastShiftMargin {
            fastPairs += 1
        }
        let tooFast = !motion.pairScores.isEmpty
            && Double(fastPairs) > parameters.fastFraction * Double(motion.pairScores.count)
        let length = abs(motion.totalDy)
        let tooSkewed = length > 0 && Double(abs(motion.totalDx)) > parameters.maximumSkew * Double(length)
        return collect(image: image, tooFast: tooFast, tooSkewed: tooSkewed, fingerRemoved: fingerRemoved)
    }

    /// Feedback for a line-based swipe; `image` is nil when too few lines were kept.
    public func assess(offsets: [Int], image: GrayImage?, fingerRemoved: Bool) -> [SwipeFeedback] {
        let fastCount = offsets.filter { $0 <= parameters.fastOffset }.count
        let tooFast = !offsets.isEmpty && Double(fastCount) > parameters.fastFraction * Double(offsets.count)
        guard let image else {
            return [.tooShort] + (tooFast ? [.tooFast] : []) + (fingerRemoved ? [] : [.fingerNotRemoved])
        }
        return collect(image: image, tooFast: tooFast, tooSkewed: false, fingerRemoved: fingerRemoved)
    }

    /// Feedback for a whole image (a press, or a swipe the device assembled): only area and
    /// whether the finger left.
    public func assess(image: GrayImage, fingerRemoved: Bool) -> [SwipeFeedback] {
        collect(image: image, tooFast: false, tooSkewed: false, fingerRemoved: fingerRemoved)
    }

    private func collect(image: GrayImage, tooFast: Bool, tooSkewed: Bool, fingerRemoved: Bool) -> [SwipeFeedback] {
        var feedback: [SwipeFeedback] = []
        if image.height < parameters.minimumHeight { feedback.append(.tooShort) }
        if tooFast { feedback.append(.tooFast) }
        if tooSkewed { feedback.append(.tooSkewed) }
        if ridgeArea(of: image) < parameters.minimumArea { feedback.append(.tooLittleArea) }
        if !fingerRemoved { feedback.append(.fingerNotRemoved) }
        return feedback
    }

    /// Pixels in blocks whose grey-level standard deviation exceeds ``Parameters/ridgeDeviation``.
    public func ridgeArea(of image: GrayImage) -> Int {
        let block = parameters.areaBlock
        let threshold = parameters.ridgeDeviation * parameters.ridgeDeviation
        var area = 0
        for top in stride(from: 0, to: image.height, by: block) {
            for left in stride(from: 0, to: image.width, by: block) {
                let rect = PixelRect(x: left, y: top, width: block, height: block).intersection(image.bounds)
                if variance(of: image, in: rect) > threshold { area += rect.area }
            }
        }
        return area
    }

    private func variance(of image: GrayImage, in rect: PixelRect) -> Int {
        var sum = 0, squares = 0
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in rect.y..<rect.maxY {
                let row = y * image.width
                for x in rect.x..<rect.maxX {
                    let value = Int(pixels[row + x])
                    sum &+= value
                    squares &+= value &* value
                }
            }
        }
        let count = rect.area
        guard count > 0 else { return 0 }
        return (squares - sum * sum / count) / count
    }
}
