import Dispatch
import Foundation
import Imaging

/// Assembles the frames of one swipe into an image by estimating the movement between
/// consecutive frames (libfprint 1.94.5's aes2501 driver and frame assembly).
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
        /// Score the losing direction to the end even when its average already lost (only its
        /// reported average changes; tests use it to check the sheet's figures).
        public var scoresLosingDirectionFully = false
        /// How the stitcher enlarges the placed canvas (Egis 0570: ×2 bilinear).
        public var enlargement = ImageEnlargement.none

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
        /// The shifts the frames were placed with.
        public let motion: FrameMotion
    }

    /// The values in use.
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
    /// strictly lower (§4.3). The direction the first pair favours counts in full; the other
    /// stops as soon as its running sum proves it loses (unless
    /// ``Parameters/scoresLosingDirectionFully``), which changes neither the direction nor the shifts.
    public func estimateMotion(_ frames: [SwipeFrame]) -> FrameMotion {
        precondition(!frames.isEmpty, "no frames to assemble")
        let first = frames[0]
        precondition(frames.allSatisfy { $0.width == first.width && $0.height == first.height },
                     "frames of different sizes")
        let difference = FrameDifference(
            width: first.width, height: first.height,
            horizontalShifts: parameters.horizontalShifts,
            verticalShifts: parameters.minimumVerticalShift...max(parameters.minimumVerticalShift, first.height - 1))
        let count = frames.count
        // Both directions are scored at once, one per core, and the losing one is then cut where
        // scoring it alone would have stopped: the figures are the one-after-the-other rule's.
        let (fullForward, fullReverse) = bothPasses(frames, difference)
        let guess: SwipeDirection = (fullForward.scores.first ?? 0) < (fullReverse.scores.first ?? 0) ? .forward : .reverse
        let favoured = guess == .forward ? fullForward : fullReverse
        let average = favoured.sum / count
        // Forward must be strictly lower; a tie goes to reverse (§4.3).
        let losingSum = guess == .forward ? (average + 1) * count : average * count
        let losing = guess == .forward ? fullReverse : fullForward
        let other = parameters.scoresLosingDirectionFully ? losing : losing.cut(givingUpAt: losingSum)
        let (forward, reverse) = guess == .forward ? (favoured, other) : (other, favoured)
        let isForward = forward.sum / count < reverse.sum / count
        let winner = isForward ? forward : reverse
        return FrameMotion(direction: isForward ? .forward : .reverse, shifts: winner.shifts,
                           pairScores: winner.scores, forwardScore: forward.sum / count,
                           reverseScore: reverse.sum / count)
    }

    /// The forward and the reverse pass, side by side.
    private func bothPasses(_ frames: [SwipeFrame], _ difference: FrameDifference) -> (forward: DirectionPass, reverse: DirectionPass) {
        let slots = DirectionPassSlots()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let direction: SwipeDirection = index == 0 ? .forward : .reverse
            slots.set(direction, pass(direction, frames, difference))
        }
        return (slots.value(.forward), slots.value(.reverse))
    }

    /// The shifts and winning scores of one direction, pair by pair, each search hinted with the
    /// previous pair's shift.
    private func pass(_ direction: SwipeDirection, _ frames: [SwipeFrame], _ difference: FrameDifference) -> DirectionPass {
        var result = DirectionPass()
        for k in frames.indices.dropFirst() {
            let previous = result.shifts[k - 1]
            if direction == .forward {
                let best = difference.bestShift(frames[k].pixels, frames[k - 1].pixels, hint: previous)
                result.append(best.shift, score: best.score)
            } else {
                let best = difference.bestShift(frames[k - 1].pixels, frames[k].pixels,
                                                hint: FrameShift(dx: -previous.dx, dy: -previous.dy))
                result.append(FrameShift(dx: -best.shift.dx, dy: -best.shift.dy), score: best.score)
            }
        }
        return result
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

/// One direction's shifts (frame 0's is zero) and the score of each pair.
private struct DirectionPass: Sendable {
    var shifts = [FrameShift.zero]
    var scores: [Int] = []
    var sum = 0

    mutating func append(_ shift: FrameShift, score: Int) {
        shifts.append(shift)
        scores.append(score)
        sum += score
    }

    /// The pairs a pass that stops once its running sum reaches `limit` would have scored.
    func cut(givingUpAt limit: Int) -> DirectionPass {
        var cut = DirectionPass()
        for (index, score) in scores.enumerated() {
            if cut.sum >= limit { break }
            cut.append(shifts[index + 1], score: score)
        }
        return cut
    }
}

/// Where the two passes leave their results.
private final class DirectionPassSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var passes: [SwipeDirection: DirectionPass] = [:]

    func set(_ direction: SwipeDirection, _ pass: DirectionPass) {
        lock.withLock { passes[direction] = pass }
    }

    func value(_ direction: SwipeDirection) -> DirectionPass {
        lock.withLock { passes[direction] ?? DirectionPass() }
    }
}
