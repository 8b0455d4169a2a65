import Imaging
import Testing
@testable import FingerprintSynthesis

#if canImport(Glibc)
import Glibc
#endif

@Suite struct PatternClassifierTests {
    @Test func ringRunsClockwiseOnTheImageAroundTheBlock() {
        let ring = PatternClassifier.ring(radius: 1)
        #expect(ring.count == 8)
        #expect(ring.first! == (dx: -1, dy: -1))
        // Clockwise with y down: along the top row first, then down the right side.
        #expect(ring[2] == (dx: 1, dy: -1) && ring[4] == (dx: 1, dy: 1))
        #expect(Set(ring.map { "\($0.dx),\($0.dy)" }).count == 8)
    }

    @Test(arguments: [(FingerprintClass.whorl, PatternClassifier.Estimate.whorl),
                      (.leftLoop, .leftLoop), (.rightLoop, .rightLoop)])
    func recognisesTheClassOfAWholeMaster(fingerClass: FingerprintClass, expected: PatternClassifier.Estimate) {
        let master = ClassifiedFingers.master(fingerClass)
        #expect(PatternClassifier().classify(master.ridgePattern) == expected)
    }

    @Test func findsTheMastersSingularPoints() {
        let master = ClassifiedFingers.master(.leftLoop)
        let found = PatternClassifier().singularPoints(master.ridgePattern)
        for truth in master.singularPoints where truth.x > 40 && truth.y > 40 && truth.x < 280 && truth.y < 280 {
            let nearest = found.filter { $0.kind == truth.kind }.map { hypot($0.x - truth.x, $0.y - truth.y) }.min()
            #expect((nearest ?? .infinity) < 2.5 * master.periods.meanPeriod, "\(truth) not found in \(found)")
        }
    }

    @Test func parallelStripesAreAnArch() {
        var image = GrayImage(width: 200, height: 200)
        for y in 0..<200 {
            for x in 0..<200 { image[x, y] = UInt8(128 + 100 * cos((Double(y) + 0.1 * Double(x)) * 2 * .pi / 9)) }
        }
        #expect(PatternClassifier().classify(image) == .arch)
    }

    @Test func aBlankImageIsAnArchWithNothingFound() {
        #expect(PatternClassifier().singularPoints(GrayImage(width: 120, height: 120, fill: 200)).isEmpty)
    }
}

/// Masters large enough to hold their singular points well inside, made once.
enum ClassifiedFingers {
    static let parameters = SynthesisParameters(width: 320, height: 320)
    private static let whorl = MasterFingerprint.generate(seed: 31, fingerClass: .whorl, parameters: parameters)
    private static let leftLoop = MasterFingerprint.generate(seed: 34, fingerClass: .leftLoop, parameters: parameters)
    private static let rightLoop = MasterFingerprint.generate(seed: 33, fingerClass: .rightLoop, parameters: parameters)

    static func master(_ fingerClass: FingerprintClass) -> MasterFingerprint {
        switch fingerClass {
        case .whorl: whorl
        case .leftLoop: leftLoop
        default: rightLoop
        }
    }
}
