@testable import Fingerprint
import Testing

@Suite struct MinutiaeHullTests {
    /// The corners of a 100 × 60 rectangle and points inside it.
    private let hull = MinutiaeHull([(10, 10), (110, 10), (110, 70), (10, 70), (50, 40), (90, 20)])

    @Test func keepsOnlyTheCorners() {
        #expect(hull.corners.count == 4)
    }

    @Test func reachesInsideAndWithinTheMargin() {
        #expect(hull.reaches((60, 40), margin: 0))
        #expect(!hull.reaches((120, 40), margin: 0))
        #expect(hull.reaches((120, 40), margin: 12))
        #expect(!hull.reaches((130, 90), margin: 12), "a corner's margin is round: 20·√2 away")
    }

    @Test func becomesAForegroundMap() {
        let map = hull.foreground(width: 200, height: 100, resolution: 500, margin: 0)
        #expect(map.columns == 25 && map.rows == 13 && map.blockSize == 8)
        #expect(map.contains(x: 60, y: 40) && !map.contains(x: 150, y: 40) && !map.contains(x: 60, y: 90))
    }

    /// Fewer than three minutiae: only the margin around them counts.
    @Test func aPairIsASegment() {
        let pair = MinutiaeHull([(0, 0), (100, 0)])
        #expect(pair.reaches((50, 5), margin: 10) && !pair.reaches((50, 20), margin: 10))
        #expect(!MinutiaeHull([]).reaches((0, 0), margin: 100))
    }
}
