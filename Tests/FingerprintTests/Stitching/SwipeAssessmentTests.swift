import Imaging
import Testing
@testable import Fingerprint

@Suite struct SwipeAssessmentTests {
    let assessment = SwipeAssessment(parameters: .init(minimumHeight: 40, minimumArea: 1_024))

    /// Vertical stripes (period 8): every 16×16 block has a standard deviation near 100.
    func ridges(width: Int, height: Int) -> GrayImage {
        GrayImage(width: width, height: height, pixels: (0..<(width * height)).map { ($0 % width) % 8 < 4 ? 20 : 230 })
    }

    func motion(_ shifts: [FrameShift], score: Int = 0) -> FrameMotion {
        FrameMotion(direction: .forward, shifts: shifts, pairScores: Array(repeating: score, count: shifts.count - 1),
                    forwardScore: score, reverseScore: score + 1)
    }

    @Test func aGoodSwipeGetsNoFeedback() {
        let shifts = [FrameShift.zero] + Array(repeating: FrameShift(dx: 0, dy: 5), count: 10)
        #expect(assessment.assess(motion: motion(shifts), frameWidth: 64, frameHeight: 16,
                                  image: ridges(width: 64, height: 66), fingerRemoved: true) == [])
    }

    @Test func eachProblemIsNamed() {
        let steady = [FrameShift.zero] + Array(repeating: FrameShift(dx: 0, dy: 5), count: 10)
        let image = ridges(width: 64, height: 66)
        #expect(assessment.assess(motion: motion(steady), frameWidth: 64, frameHeight: 16,
                                  image: ridges(width: 64, height: 30), fingerRemoved: true) == [.tooShort])
        let fast = [FrameShift.zero] + Array(repeating: FrameShift(dx: 0, dy: 14), count: 10)
        #expect(assessment.assess(motion: motion(fast), frameWidth: 64, frameHeight: 16, image: image,
                                  fingerRemoved: true) == [.tooFast])
        #expect(assessment.assess(motion: motion(steady, score: 61 * 64 * 16), frameWidth: 64, frameHeight: 16,
                                  image: image, fingerRemoved: true) == [.tooFast])
        let drifting = [FrameShift.zero] + Array(repeating: FrameShift(dx: 2, dy: 5), count: 10)
        #expect(assessment.assess(motion: motion(drifting), frameWidth: 64, frameHeight: 16, image: image,
                                  fingerRemoved: true) == [.tooSkewed])
        let blank = GrayImage(width: 64, height: 66, fill: 255)
        #expect(assessment.assess(motion: motion(steady), frameWidth: 64, frameHeight: 16, image: blank,
                                  fingerRemoved: true) == [.tooLittleArea])
        #expect(assessment.assess(motion: motion(steady), frameWidth: 64, frameHeight: 16, image: image,
                                  fingerRemoved: false) == [.fingerNotRemoved])
    }

    @Test func lineSwipesAreJudgedBySpeedAndLength() {
        #expect(assessment.assess(offsets: [1, 2, 1, 8], image: ridges(width: 64, height: 66), fingerRemoved: true) == [.tooFast])
        #expect(assessment.assess(offsets: [8, 8], image: nil, fingerRemoved: true) == [.tooShort])
        #expect(assessment.assess(offsets: [8, 8], image: nil, fingerRemoved: false) == [.tooShort, .fingerNotRemoved])
    }

    @Test func tooFewLinesMakeNoImageButTooShort() {
        let stitcher = SwipeStitcher(method: .lines(LineAssembler.Parameters(), .none),
                                     assessment: .init(minimumHeight: 40, minimumArea: 1_024), dpi: 500)
        let lines = (0..<20).map { index in
            ScanLine(pixels: (0..<160).map { UInt8(truncatingIfNeeded: $0 &* 3 &+ index) }, lookAhead: [UInt8](repeating: 9, count: 64))
        }
        let swipe = stitcher.stitch(lines: lines)
        #expect(swipe.image == nil && swipe.feedback.contains(.tooShort) && !swipe.isAccepted)
        let empty = SwipeStitcher(method: .frames(.init(canvasWidth: 10), .init(.none)),
                                  assessment: .init(minimumHeight: 40, minimumArea: 1_024), dpi: 500).stitch(frames: [])
        #expect(empty.image == nil && empty.feedback == [.tooShort])
    }
}
