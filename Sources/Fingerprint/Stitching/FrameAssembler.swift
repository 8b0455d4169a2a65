import Imaging

/// Assembles the frames of one swipe into an image by estimating the movement between
/// consecutive frames (aes2501.md §4, libfprint's frame assembly).
///
/// Both swipe directions are scored; the direction with the lower average difference wins.
/// Frames are placed at their accumulated shifts on a canvas wider than a frame, later frames
/// overwriting earlier ones. The result is the raw canvas in the sensor's own orientation and
/// polarity; ``SwipeNormalisation`` turns it upright.
public struct FrameAssembler: Sendable {
    /// Tuning values; the defaults are libfprint's for the AES2501.
    public struct Parameters: Sendable, Hashable {
        /// Canvas width in pixels (AES2501: 288 = 1.5 × the 192-pixel frame width).
        public var canvasWidth: Int
        /// Sideways shifts tried between consecutive frames.
        public var horizontalShifts: ClosedRange<Int>
        /// The smallest vertical shift tried; the largest is the frame height − 1.
        public var minimumVerticalShift: Int

        public init(canvasWidth: Int, horizontalShifts: ClosedRange<Int> = -8...7, minimumVerticalShift: Int = 2) {
            self.canvasWidth = canvasWidth
            self.horizontalShifts = horizontalShifts
            self.minimumVerticalShift = minimumVerticalShift
        }
    }

    /// What the assembler produced: the canvas and the motion it was built from.
    public struct Assembly: Sendable, Hashable {
        /// The raw canvas, `canvasWidth` × (|Σdy| + frame height), background 0.
        public let image: GrayImage
        public let motion: FrameMotion
    }

    public let parameters: Parameters

    public init(parameters: Parameters) {
        self.parameters = parameters
    }

    /// Estimates the motion and places the frames; `frames` must share one size and not be empty.
    public func assemble(_ frames: [SwipeFrame], dpi: Double = 500) -> Assembly {
        let motion = estimateMotion(frames)
        return Assembly(image: place(frames, shifts: motion.shifts, dpi: dpi), motion: motion)
    }

    /// Scores every consecutive pair both ways and keeps the direction with the lower average.
    ///
    /// Forward: frame k gets S(F_k, F_{k−1}). Reverse: frame k gets −S(F_{k−1}, F_k). Each
    /// average is the sum of winning scores divided by the frame count; forward wins only when
    /// strictly lower (§4.3).
    public func estimateMotion(_ frames: [SwipeFrame]) -> FrameMotion {
        precondition(!frames.isEmpty, "no frames to assemble")
        let first = frames[0]
        precondition(frames.allSatisfy { $0.width == first.width && $0.height == first.height },
                     "frames of different sizes")
        let difference = FrameDifference(
            width: first.width, height: first.height,
            horizontalShifts: parameters.horizontalShifts,
            verticalShifts: parameters.minimumVerticalShift...max(parameters.minimumVerticalShift, first.height - 1))
        var forward = [FrameShift.zero], reverse = [FrameShift.zero]
        var forwardScores: [Int] = [], reverseScores: [Int] = []
        for k in frames.indices.dropFirst() {
            let ahead = difference.bestShift(frames[k].pixels, frames[k - 1].pixels)
            forward.append(ahead.shift)
            forwardScores.append(ahead.score)
            let back = difference.bestShift(frames[k - 1].pixels, frames[k].pixels)
            reverse.append(FrameShift(dx: -back.shift.dx, dy: -back.shift.dy))
            reverseScores.append(back.score)
        }
        let forwardAverage = forwardScores.reduce(0, +) / frames.count
        let reverseAverage = reverseScores.reduce(0, +) / frames.count
        let isForward = forwardAverage < reverseAverage
        return FrameMotion(direction: isForward ? .forward : .reverse,
                           shifts: isForward ? forward : reverse,
                           pairScores: isForward ? forwardScores : reverseScores,
                           forwardScore: forwardAverage, reverseScore: reverseAverage)
    }

    /// Copies every frame to its accumulated position, clipping at the canvas edges (§4.4).
    public func place(_ frames: [SwipeFrame], shifts: [FrameShift], dpi: Double = 500) -> GrayImage {
        precondition(frames.count == shifts.count && !frames.isEmpty, "one shift per frame needed")
        let frameWidth = frames[0].width, frameHeight = frames[0].height
        let totalDy = shifts.dropFirst().reduce(0) { $0 + $1.dy }
        let height = abs(totalDy) + frameHeight
        let width = parameters.canvasWidth
        var canvas = [UInt8](repeating: 0, count: width * height)
        var x = (width - frameWidth) / 2
        var y = totalDy < 0 ? height - frameHeight : 0
        canvas.withUnsafeMutableBufferPointer { out in
            for (index, frame) in frames.enumerated() {
                if index > 0 {
                    x += shifts[index].dx
                    y += shifts[index].dy
                }
                copy(frame, into: out, canvasWidth: width, canvasHeight: height, x: x, y: y)
            }
        }
        return GrayImage(width: width, height: height, dpi: dpi, pixels: canvas)
    }

    private func copy(_ frame: SwipeFrame, into canvas: UnsafeMutableBufferPointer<UInt8>,
                      canvasWidth: Int, canvasHeight: Int, x: Int, y: Int) {
        let left = max(0, -x), right = min(frame.width, canvasWidth - x)
        guard left < right else { return }
        for row in 0..<frame.height {
            let canvasRow = y + row
            guard canvasRow >= 0 && canvasRow < canvasHeight else { continue }
            for column in left..<right {
                canvas[canvasRow * canvasWidth + x + column] = frame.pixels[row * frame.width + column]
            }
        }
    }
}
