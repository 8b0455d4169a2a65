import Imaging
import Testing
@testable import Fingerprint

/// A textured strip source: every pixel differs from its neighbours in a non-periodic way.
private func texture(width: Int, height: Int, seed: Int = 1) -> [UInt8] {
    (0..<(width * height)).map { index in
        let x = index % width, y = index / width
        return UInt8(truncatingIfNeeded: (x &* 37 &+ y &* 91 &+ (x * y) % 23 &+ seed) &* 2654435761 >> 24)
    }
}

/// Cuts `frameHeight`-row frames out of a tall picture at the given tops and lefts.
private func frames(from picture: [UInt8], width: Int, frameWidth: Int, frameHeight: Int,
                    at positions: [(x: Int, y: Int)]) -> [SwipeFrame] {
    positions.map { position in
        var pixels: [UInt8] = []
        for row in 0..<frameHeight {
            let start = (position.y + row) * width + position.x
            pixels += picture[start..<(start + frameWidth)]
        }
        return SwipeFrame(width: frameWidth, height: frameHeight, pixels: pixels)
    }
}

@Suite struct FrameDifferenceTests {
    /// The sheet's formula written the slow, obvious way.
    private func reference(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int, dx: Int, dy: Int) -> Int {
        let w = width - abs(dx), h = height - dy
        var sum = 0
        for i in 0..<h {
            for j in 0..<w {
                let aColumn = dx >= 0 ? dx + j : j, bColumn = dx >= 0 ? j : -dx + j
                sum += abs(Int(a[i * width + aColumn]) - Int(b[(dy + i) * width + bColumn]))
            }
        }
        return sum * (height * width) / (h * w)
    }

    @Test func scoreMatchesTheFormulaForEveryShift() {
        let width = 24, height = 16
        let a = texture(width: width, height: height, seed: 3), b = texture(width: width, height: height, seed: 9)
        let difference = FrameDifference(width: width, height: height, horizontalShifts: -8...7, verticalShifts: 2...15)
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                for dy in 2...15 {
                    for dx in -8...7 {
                        let expected = reference(a, b, width: width, height: height, dx: dx, dy: dy)
                        #expect(difference.score(pa.baseAddress!, pb.baseAddress!, dx: dx, dy: dy, below: .max) == expected)
                        #expect(difference.score(pa.baseAddress!, pb.baseAddress!, dx: dx, dy: dy, below: expected) == nil)
                        #expect(difference.score(pa.baseAddress!, pb.baseAddress!, dx: dx, dy: dy, below: expected + 1) == expected)
                    }
                }
            }
        }
    }

    @Test func theFirstMinimumInScanOrderWins() {
        // Two identical uniform frames score 0 at every shift: the first tried, dy 2 and dx −8,
        // wins, and is returned as (−dx, dy) = (8, 2).
        let frame = [UInt8](repeating: 7, count: 32 * 16)
        let difference = FrameDifference(width: 32, height: 16, horizontalShifts: -8...7, verticalShifts: 2...15)
        let best = difference.bestShift(frame, frame)
        #expect(best.shift == FrameShift(dx: 8, dy: 2))
        #expect(best.score == 0)
    }
}

extension FrameDifferenceTests {
    @Test func aHintNeverChangesTheResult() {
        let width = 40, height = 16
        let difference = FrameDifference(width: width, height: height, horizontalShifts: -8...7, verticalShifts: 2...15)
        for seed in 0..<6 {
            let a = texture(width: width, height: height, seed: seed)
            // b repeats a's rows 0…11 at rows 4…15 (a shift of 4), then is noise.
            var b = texture(width: width, height: height, seed: seed + 50)
            b.replaceSubrange((4 * width)..<(16 * width), with: a[0..<(12 * width)])
            let plain = difference.bestShift(a, b)
            for hint in [FrameShift(dx: 0, dy: 4), FrameShift(dx: 3, dy: 9), FrameShift(dx: -7, dy: 15), FrameShift(dx: 2, dy: 2)] {
                let hinted = difference.bestShift(a, b, hint: hint)
                #expect(hinted.shift == plain.shift && hinted.score == plain.score)
            }
        }
    }

    @Test func nothingBeatsTheStartingScoreOfOppositeFrames() {
        let black = [UInt8](repeating: 0, count: 32 * 16), white = [UInt8](repeating: 255, count: 32 * 16)
        let difference = FrameDifference(width: 32, height: 16, horizontalShifts: -8...7, verticalShifts: 2...15)
        let best = difference.bestShift(black, white, hint: FrameShift(dx: 1, dy: 3))
        #expect(best.shift == .zero && best.score == 255 * 32 * 16)
    }
}

@Suite struct FrameAssemblerTests {
    let pictureWidth = 64, pictureHeight = 120
    var picture: [UInt8] { texture(width: pictureWidth, height: pictureHeight) }
    let assembler = FrameAssembler(parameters: .init(canvasWidth: 72))

    @Test func aForwardSwipeIsRebuilt() {
        let positions = [(x: 8, y: 0), (8, 5), (9, 9), (9, 16), (8, 20), (8, 27), (7, 33)]
        let cut = frames(from: picture, width: pictureWidth, frameWidth: 48, frameHeight: 16, at: positions)
        let assembly = assembler.assemble(cut)
        #expect(assembly.motion.direction == .forward)
        #expect(assembly.motion.shifts == [.zero, .init(dx: 0, dy: 5), .init(dx: 1, dy: 4), .init(dx: 0, dy: 7),
                                           .init(dx: -1, dy: 4), .init(dx: 0, dy: 7), .init(dx: -1, dy: 6)])
        #expect(assembly.image.height == 33 + 16)
        #expect(assembly.image.width == 72)
        // The canvas starts the first frame at x = (72 − 48) / 2 = 12; the picture's column 8 lands there.
        #expect(assembly.image[12, 0] == picture[8])
        #expect(assembly.image[12 + 5, 40] == picture[40 * pictureWidth + 8 + 5])
    }

    @Test func aReverseSwipeIsFilledBottomUp() {
        let positions = [(x: 8, y: 40), (8, 35), (8, 29), (8, 24), (8, 18)]
        let cut = frames(from: picture, width: pictureWidth, frameWidth: 48, frameHeight: 16, at: positions)
        let assembly = assembler.assemble(cut)
        #expect(assembly.motion.direction == .reverse)
        #expect(assembly.motion.totalDy == -22)
        #expect(assembly.image.height == 22 + 16)
        // Canvas row 0 is the picture's row 18 (the last frame's top).
        #expect(assembly.image[12, 0] == picture[18 * pictureWidth + 8])
        #expect(assembly.image[12, 37] == picture[55 * pictureWidth + 8])
    }

    @Test func framesAreClippedAtTheCanvasEdges() {
        let frame = SwipeFrame(width: 4, height: 2, pixels: [1, 2, 3, 4, 5, 6, 7, 8])
        let narrow = FrameAssembler(parameters: .init(canvasWidth: 6))
        let image = narrow.place([frame, frame], shifts: [.zero, FrameShift(dx: 3, dy: 1)])
        #expect(image.width == 6 && image.height == 3)
        // The second frame starts at x = (6 − 4) / 2 + 3 = 4: its last two columns fall off.
        #expect(image.pixels == [0, 1, 2, 3, 4, 0,
                                 0, 5, 6, 7, 1, 2,
                                 0, 0, 0, 0, 5, 6])
    }

    @Test func aSingleFrameIsItsOwnImage() {
        let frame = SwipeFrame(width: 4, height: 2, pixels: [1, 2, 3, 4, 5, 6, 7, 8])
        let assembly = FrameAssembler(parameters: .init(canvasWidth: 4)).assemble([frame])
        #expect(assembly.image.pixels == frame.pixels)
        #expect(assembly.motion.shifts == [.zero])
    }
}
