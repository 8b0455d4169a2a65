import Fingerprint
import Testing
@testable import FingerprintSynthesis

@Suite struct MasterFingerprintTests {
    @Test func sameSeedGivesTheSameMaster() {
        let again = MasterFingerprint.generate(seed: 7, fingerClass: .whorl, parameters: SharedFingers.parameters)
        #expect(again.ridgeField == SharedFingers.whorl.ridgeField)
        #expect(again.minutiae == SharedFingers.whorl.minutiae)
    }

    @Test func differentSeedsGiveDifferentMasters() {
        #expect(SharedFingers.leftLoop.ridgeField != SharedFingers.rightLoop.ridgeField)
    }

    @Test func singularPointsMatchTheClass() {
        let whorl = SharedFingers.whorl.singularPoints
        #expect(whorl.filter { $0.kind == .core }.count == 2 && whorl.filter { $0.kind == .delta }.count == 2)
        for (master, deltaSide) in [(SharedFingers.leftLoop, 1.0), (SharedFingers.rightLoop, -1.0)] {
            let core = master.singularPoints.first { $0.kind == .core }!
            let delta = master.singularPoints.first { $0.kind == .delta }!
            // A left loop's delta lies to the right of its core, a right loop's to the left; both below.
            #expect((delta.x - core.x) * deltaSide > 0)
            #expect(delta.y > core.y)
        }
        var generator = Xoshiro256(seed: 1)
        let shape = FingerShape(width: 200, height: 200, dpi: 500, using: &generator)
        #expect(OrientationModel.placeSingularPoints(.arch, shape: shape, period: 9, using: &generator).isEmpty)
        #expect(OrientationModel.placeSingularPoints(.tentedArch, shape: shape, period: 9, using: &generator).count == 2)
    }

    @Test func ridgeSpacingIsRealisticFor500DPI() throws {
        for master in [SharedFingers.whorl, SharedFingers.leftLoop] {
            let period = try #require(RidgePeriodEstimator().medianPeriod(master.ridgePattern))
            #expect((8.0...11.0).contains(period), "median ridge period \(period) px")
        }
    }

    @Test func ridgePeriodScalesWithResolution() {
        let low = SynthesisParameters(width: 100, height: 100, dpi: 250)
        #expect(abs(low.meanRidgePeriod - SharedFingers.parameters.meanRidgePeriod / 2) < 1e-9)
    }

    @Test func minutiaeCountIsPlausibleAndOnRidges() {
        for master in [SharedFingers.whorl, SharedFingers.leftLoop, SharedFingers.rightLoop] {
            // 192 × 192 at 500 dpi is about 10 × 10 mm of finger, all of it ridges; a 400 × 400 image
            // holding a whole fingertip carries 25–45 minutiae.
            #expect((4...30).contains(master.minutiae.count), "\(master.minutiae.count) minutiae")
            let margin = SharedFingers.parameters.minutiaBorderMargin * master.periods.meanPeriod
            #expect(master.minutiae.allSatisfy { min($0.x, $0.y, 192 - $0.x, 192 - $0.y) > margin })
            for minutia in master.minutiae {
                let x = Int(minutia.x), y = Int(minutia.y)
                #expect(master.ridgeField[y * master.width + x] > 0, "minutia at (\(x), \(y)) is not on a ridge")
                #expect(master.shape.depth(x: minutia.x, y: minutia.y) > 0)
                #expect(minutia.direction >= 0 && minutia.direction < 2 * .pi)
            }
        }
    }

    @Test func minutiaeAreNeverCloserThanTheSeparationLimit() {
        let limit = SharedFingers.parameters.minutiaMinimumSeparation * SharedFingers.whorl.periods.meanPeriod
        let minutiae = SharedFingers.whorl.minutiae
        for (i, a) in minutiae.enumerated() {
            for b in minutiae[(i + 1)...] {
                #expect(((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() >= limit)
            }
        }
    }

    @Test func classesAreDrawnWithNaturalFrequencies() {
        var generator = Xoshiro256(seed: 3)
        var counts = [FingerprintClass: Int]()
        for _ in 0..<20_000 { counts[FingerprintClass.random(using: &generator), default: 0] += 1 }
        for fingerClass in FingerprintClass.allCases {
            #expect(abs(Double(counts[fingerClass] ?? 0) / 20_000 - fingerClass.naturalFrequency) < 0.01)
        }
    }
}
