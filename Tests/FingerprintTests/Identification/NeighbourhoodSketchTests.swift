import Fingerprint
import Testing

@Suite struct NeighbourhoodSketchTests {
    static func sketch(_ minutiae: [Minutia]) -> NeighbourhoodSketch {
        NeighbourhoodSketch(PreparedTemplate(minutiae: minutiae, dpi: 500, foreground: nil))
    }

    /// Levels are rounded to 7 bits, so a sketch's similarity to itself is 1 within 1 %.
    @Test func sketchIsAlikeToItselfOnly() {
        let whorl = Self.sketch(MinutiaeSets.whorl)
        #expect(abs(whorl.similarity(to: whorl) - 1) < 0.01)
        #expect(whorl.similarity(to: Self.sketch(MinutiaeSets.loop)) < 0.9)
    }

    /// Bearings and turns are measured from each minutia's own direction, so a rigid motion
    /// within the direction limit (60°) leaves every bin where it was.
    @Test(arguments: [(25.0, 10.0, -15.0), (-55, 30, 20), (40, -20, 0)])
    func rigidMotionKeepsTheSketch(degrees: Double, dx: Double, dy: Double) {
        let whorl = Self.sketch(MinutiaeSets.whorl)
        let moved = Self.sketch(MinutiaeSets.moved(MinutiaeSets.whorl, degrees: degrees, dx: dx, dy: dy))
        #expect(abs(whorl.similarity(to: moved) - whorl.similarity(to: whorl)) < 1e-6, "\(degrees)°")
    }

    /// Beyond the limit the same minutiae no longer pair: ranking assumes a probe turned by at
    /// most 60° from its reference.
    @Test(arguments: [75.0, 90, 150])
    func turnsBeyondTheLimitDoNotPair(degrees: Double) {
        let whorl = Self.sketch(MinutiaeSets.whorl)
        let turned = Self.sketch(MinutiaeSets.moved(MinutiaeSets.whorl, degrees: degrees))
        #expect(whorl.similarity(to: turned) < 0.7, "\(degrees)°")
    }

    @Test func anotherImpressionOutranksAnotherFinger() {
        let first = NeighbourhoodSketch(SyntheticPrints.whorlFirst.features)
        let second = NeighbourhoodSketch(SyntheticPrints.whorlSecond.features)
        let loop = NeighbourhoodSketch(SyntheticPrints.loopFirst.features)
        #expect(first.similarity(to: second) > first.similarity(to: loop))
    }

    @Test func emptyAndIsolatedMinutiaeScoreZero() {
        let empty = Self.sketch([])
        let whorl = Self.sketch(MinutiaeSets.whorl)
        #expect(empty.similarity(to: whorl) == 0 && whorl.similarity(to: empty) == 0)
        // Two minutiae far apart: neither has a neighbour, so neither gets bins.
        let apart = Self.sketch([Minutia(x: 10, y: 10, direction: 0, kind: .ending),
                                 Minutia(x: 200, y: 200, direction: 0, kind: .ending)])
        #expect(apart.minutiaCount == 2)
        #expect(apart.similarity(to: apart) == 0)
    }
}
