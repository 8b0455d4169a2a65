import Fingerprint
import Testing
@testable import FingerprintSynthesis

#if canImport(Glibc)
import Glibc
#endif

/// Fingers differ from each other as a population does: traits, orientation details, marks.
@Suite struct PopulationTests {
    private let parameters = SharedFingers.parameters

    @Test func traitsAreDrawnWithinTheirRangesAndDifferBetweenFingers() {
        var generator = Xoshiro256(seed: 5)
        let traits = (0..<200).map { _ in FingerTraits.random(parameters: parameters, using: &generator) }
        let periods = traits.map(\.meanPeriod)
        let spread = parameters.ridgePeriodSpread * 2.5
        #expect(periods.allSatisfy { abs($0 - parameters.meanRidgePeriod) <= spread + 1e-9 })
        #expect(periods.max()! - periods.min()! > 2 * parameters.ridgePeriodSpread)
        #expect(traits.allSatisfy { parameters.seedsPer10kPixels.contains($0.seedDensity) })
        #expect(traits.allSatisfy { parameters.ridgeBalance.contains($0.ridgeBalance) })
        #expect(traits.allSatisfy { (-1...1).contains($0.moisture) })
        #expect(Set(traits.map(\.ridgeBalance)).count == traits.count)
    }

    @Test func orientationCorrectionsKeepTheAngleGrowing() {
        var generator = Xoshiro256(seed: 8)
        let perturbation = OrientationPerturbation(singularPoints: 2, correction: 0.6, bendAmplitude: 0.1, wobbleAmplitude: 0.2, period: 9,
                                                   using: &generator)
        for point in 0..<2 {
            var previous = perturbation.corrected(-.pi, point: point)
            for step in 1...720 {
                let angle = -Double.pi + Double(step) * 2 * .pi / 720
                let corrected = perturbation.corrected(angle, point: point)
                #expect(corrected > previous)
                previous = corrected
            }
            // One turn around the point is still one turn: no singular point appears or vanishes.
            #expect(abs(perturbation.corrected(.pi, point: point) - perturbation.corrected(-.pi, point: point) - 2 * .pi) < 1e-9)
        }
        #expect(OrientationPerturbation.none.corrected(1.25, point: 0) == 1.25)
        #expect(OrientationPerturbation.none.bend(x: 10, y: 20) == 0)
    }

    @Test func ridgeBalanceSetsTheShareOfEndings() {
        func endingShare(_ balance: Double) -> Double {
            var tuned = parameters
            tuned.ridgeBalance = balance...balance
            let master = MasterFingerprint.generate(seed: 21, fingerClass: .leftLoop, parameters: tuned)
            let endings = master.minutiae.filter { $0.kind == .ending }.count
            return Double(endings) / Double(max(1, master.minutiae.count))
        }
        #expect(endingShare(0.3) > endingShare(-0.3) + 0.15)
    }

    @Test func marksArePressedInAsValleysAndHideNoGroundTruth() {
        var tuned = parameters
        tuned.creaseChance = 1
        tuned.scarChance = 1
        let master = MasterFingerprint.generate(seed: 4, fingerClass: .rightLoop, parameters: tuned)
        #expect(master.marks.marks.count >= 2)
        let scar = master.marks.marks.last!
        let middle = scar.polyline(step: 1)[scar.polyline(step: 1).count / 2]
        let x = Int(middle.x.rounded()), y = Int(middle.y.rounded())
        if x >= 0, y >= 0, x < master.width, y < master.height {
            #expect(master.ridgeField[y * master.width + x] < -0.5)
        }
        #expect(master.minutiae.allSatisfy { master.marks.distance(x: $0.x, y: $0.y) > 2 })
    }

    @Test func noMarksWhenTheirChanceIsZero() {
        var tuned = parameters
        tuned.creaseChance = 0
        tuned.scarChance = 0
        #expect(MasterFingerprint.generate(seed: 4, parameters: tuned).marks.marks.isEmpty)
    }

    @Test func wetFingersPressThickerRidgesThanDryOnes() {
        let wet = SharedFingers.leftLoop.withMoisture(1), dry = SharedFingers.leftLoop.withMoisture(-1)
        var wetPressure = 0.0, dryPressure = 0.0, wetDryness = 0.0, dryDryness = 0.0
        for seed in 0..<50 {
            var a = Xoshiro256(seed: UInt64(seed)), b = Xoshiro256(seed: UInt64(seed))
            let wetConditions = ImpressionConditions.random(for: wet, parameters: parameters, using: &a)
            let dryConditions = ImpressionConditions.random(for: dry, parameters: parameters, using: &b)
            wetPressure += wetConditions.pressure
            dryPressure += dryConditions.pressure
            wetDryness += wetConditions.dryness
            dryDryness += dryConditions.dryness
        }
        // Lower pressure values thicken the ridges.
        #expect(wetPressure < dryPressure)
        #expect(wetDryness < dryDryness)
    }
}

extension MasterFingerprint {
    /// The same finger with other skin.
    func withMoisture(_ moisture: Double) -> MasterFingerprint {
        var changed = traits
        changed.moisture = moisture
        return MasterFingerprint(width: width, height: height, dpi: dpi, seed: seed, fingerClass: fingerClass,
                                 traits: changed, shape: shape, orientation: orientation, periods: periods,
                                 ridgeField: ridgeField, marks: marks, minutiae: minutiae,
                                 growthIterations: growthIterations)
    }
}
