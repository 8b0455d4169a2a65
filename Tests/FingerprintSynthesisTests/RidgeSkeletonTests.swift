import Testing
@testable import FingerprintSynthesis

@Suite struct RidgeSkeletonTests {
    /// Draws thick strokes on a 40 × 40 canvas.
    private func canvas(_ strokes: [(x0: Int, y0: Int, x1: Int, y1: Int)], thickness: Int = 2) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: 40 * 40)
        for stroke in strokes {
            let steps = max(abs(stroke.x1 - stroke.x0), abs(stroke.y1 - stroke.y0))
            for step in 0...steps {
                let x = stroke.x0 + (stroke.x1 - stroke.x0) * step / max(steps, 1)
                let y = stroke.y0 + (stroke.y1 - stroke.y0) * step / max(steps, 1)
                for dy in -thickness...thickness { for dx in -thickness...thickness { pixels[(y + dy) * 40 + x + dx] = 1 } }
            }
        }
        return pixels
    }

    @Test func thickBarThinsToALineWithTwoEndings() {
        let skeleton = RidgeSkeleton(ridges: canvas([(8, 20, 31, 20)]), width: 40, height: 40)
        let points = (0..<1600).filter { skeleton.pixels[$0] != 0 }
        #expect(points.count >= 15)
        let endings = points.filter { skeleton.crossingNumber($0 % 40, $0 / 40) == 1 }
        #expect(endings.count == 2)
        // One pixel wide: no skeleton pixel has skeleton neighbours both above and below.
        #expect(points.allSatisfy { !(skeleton.isSet($0 % 40, $0 / 40 - 1) && skeleton.isSet($0 % 40, $0 / 40 + 1)) })
    }

    @Test func forkHasOneBifurcationPointingIntoTheFork() {
        let fork = canvas([(5, 20, 20, 20), (20, 20, 34, 8), (20, 20, 34, 32)])
        let skeleton = RidgeSkeleton(ridges: fork, width: 40, height: 40)
        let found = SkeletonMinutiae(skeleton: skeleton, traceLength: 8).detect { _, _ in true }
        let bifurcations = found.filter { $0.kind == .bifurcation }
        #expect(bifurcations.count == 1)
        #expect(found.filter { $0.kind == .ending }.count == 3)
        // The stem comes from the left, so the bifurcation points right (angle near 0).
        let direction = try! #require(bifurcations.first).direction
        #expect(min(direction, 2 * .pi - direction) < 0.5)
        // The left ending points right, back into its ridge (angle near 0).
        let left = found.filter { $0.kind == .ending }.min { $0.x < $1.x }!
        #expect(min(left.direction, 2 * .pi - left.direction) < 0.4)
    }
}
