import Fingerprint
import Testing
@testable import FingerprintSynthesis

#if canImport(Glibc)
import Glibc
#endif

@Suite struct ImpressionTests {
    private let parameters = SharedFingers.parameters
    private var master: MasterFingerprint { SharedFingers.whorl }

    @Test func sameSeedGivesTheSameBytes() {
        let a = master.impression(seed: 5, parameters: parameters)
        let b = master.impression(seed: 5, parameters: parameters)
        #expect(a.image.pixels == b.image.pixels)
        #expect(a.minutiae == b.minutiae)
    }

    @Test func impressionsOfOneFingerDiffer() {
        let a = master.impression(seed: 1, parameters: parameters).image
        let b = master.impression(seed: 2, parameters: parameters).image
        let differing = zip(a.pixels, b.pixels).filter { abs(Int($0) - Int($1)) > 40 }.count
        #expect(differing > a.pixels.count / 10)
    }

    @Test func transformInverseUndoesForward() {
        var generator = Xoshiro256(seed: 9)
        let conditions = ImpressionConditions.random(for: master, parameters: parameters, using: &generator)
        for (x, y) in [(50.0, 60.0), (96.0, 96.0), (180.0, 30.0), (20.0, 185.0)] {
            let there = conditions.transform.forward(x: x, y: y)
            let back = conditions.transform.inverse(x: there.x, y: there.y)
            #expect(abs(back.x - x) < 0.05 && abs(back.y - y) < 0.05, "(\(x), \(y)) came back as \(back)")
        }
    }

    @Test func rotationTurnsPointsAndDirectionsCounterClockwise() {
        let quarter = ImpressionTransform(rotation: .pi / 2, translationX: 0, translationY: 0, centerX: 100, centerY: 100)
        let moved = quarter.forward(x: 110, y: 100)
        #expect(abs(moved.x - 100) < 1e-9 && abs(moved.y - 90) < 1e-9)
        #expect(abs(quarter.forward(direction: 0, atX: 110, y: 100) - .pi / 2) < 1e-9)
    }

    @Test func groundTruthFollowsTheTransform() {
        let impression = master.impression(seed: 3, parameters: parameters)
        #expect(!impression.minutiae.isEmpty)
        for minutia in impression.minutiae {
            let source = impression.conditions.transform.inverse(x: minutia.x, y: minutia.y)
            let original = master.minutiae.min { hypot($0, source) < hypot($1, source) }!
            #expect(hypot(original, source) < 0.1, "no master minutia under (\(minutia.x), \(minutia.y))")
            #expect(original.kind == minutia.kind)
            let expected = impression.conditions.transform.forward(direction: original.direction, atX: original.x,
                                                                   y: original.y)
            #expect(abs(remainder(expected - minutia.direction, 2 * .pi)) < 1e-6)
        }
    }

    @Test func groundTruthSitsOnDarkRidgesInsideTheImage() {
        for seed in [UInt64(1), 4] {
            // Neutral pressure: dry skin makes ridge ends recede from the master's skeleton ends.
            var generator = Xoshiro256(seed: seed)
            var conditions = ImpressionConditions.random(for: master, parameters: parameters, using: &generator)
            conditions.pressure = 0
            conditions.dryness = 0
            conditions.contrast = 1
            let impression = master.impression(conditions: conditions, parameters: parameters)
            let image = impression.image
            var darkest = [Double]()
            for minutia in impression.minutiae {
                let x = Int(minutia.x.rounded()), y = Int(minutia.y.rounded())
                #expect(x >= 0 && y >= 0 && x < image.width && y < image.height)
                // The darkest pixel within one pixel: ridge ends taper, so the point itself can be lighter.
                let around = (-1...1).flatMap { dy in (-1...1).map { dx in
                    image[min(max(x + dx, 0), image.width - 1), min(max(y + dy, 0), image.height - 1)]
                } }
                darkest.append(Double(around.min()!))
            }
            let mean = darkest.reduce(0, +) / Double(max(darkest.count, 1))
            // Ridges render near 40 and valleys near 215: minutiae on ridges must average well below the middle.
            #expect(mean < 90, "mean gray \(mean) under \(impression.minutiae.count) minutiae")
        }
    }

    @Test func singularPointsAreMappedToo() {
        let impression = master.impression(seed: 2, parameters: parameters)
        #expect(impression.singularPoints.count == master.singularPoints.count)
        let first = master.singularPoints[0]
        let mapped = impression.conditions.transform.forward(x: first.x, y: first.y)
        #expect(impression.singularPoints[0].x == mapped.x && impression.singularPoints[0].y == mapped.y)
    }

    private func hypot(_ minutia: Minutia, _ point: (x: Double, y: Double)) -> Double {
        ((minutia.x - point.x) * (minutia.x - point.x) + (minutia.y - point.y) * (minutia.y - point.y)).squareRoot()
    }
}

@Suite struct SyntheticDatasetTests {
    @Test func namesFollowFVC() {
        #expect(SyntheticDataset.fvcName(finger: 1, impression: 1) == "101_1")
        #expect(SyntheticDataset.fvcName(finger: 10, impression: 8) == "110_8")
    }

    @Test func seedsAreReproducibleAndDistinct() {
        let parameters = SynthesisParameters(width: 64, height: 64)
        let a = SyntheticDataset(seed: 7, fingers: 10, impressionsPerFinger: 8, parameters: parameters)
        let b = SyntheticDataset(seed: 7, fingers: 10, impressionsPerFinger: 8, parameters: parameters)
        let c = SyntheticDataset(seed: 8, fingers: 10, impressionsPerFinger: 8, parameters: parameters)
        #expect(a.masterSeed(finger: 3) == b.masterSeed(finger: 3))
        #expect(a.masterSeed(finger: 3) != c.masterSeed(finger: 3))
        let fingerSeeds = Set((1...10).map { a.masterSeed(finger: $0) })
        let impressionSeeds = Set((1...10).flatMap { f in (1...8).map { a.impressionSeed(finger: f, impression: $0) } })
        #expect(fingerSeeds.count == 10 && impressionSeeds.count == 80)
    }
}
