import APDU
import Testing
import TestSupport
import VirtualCard

/// The engine's compact-card matcher behind the applets' comparison seam.
@Suite struct EngineComparisonTests {
    private let reference = MinutiaeFixture.compact(count: 30, seed: 21)

    @Test func scoresTheSameFingerAboveAnotherOne() {
        let comparison = EngineComparison(threshold: 50)
        let same = comparison.score(probe: MinutiaeFixture.reordered(reference), reference: reference)
        let other = comparison.score(probe: MinutiaeFixture.compact(count: 30, seed: 22), reference: reference)
        #expect(same >= 90)
        #expect(other < 50)
        #expect(comparison.isMatch(probe: MinutiaeFixture.reordered(reference), reference: reference))
        #expect(!comparison.isMatch(probe: MinutiaeFixture.compact(count: 30, seed: 22), reference: reference))
    }

    @Test func bytesThatDoNotDecodeNeverMatch() {
        let comparison = EngineComparison(threshold: 0.5)
        #expect(comparison.score(probe: Array(reference.dropLast()), reference: reference) == 0)
        #expect(comparison.score(probe: reference, reference: [0x10, 0x10, 0xC0]) == 0)
        #expect(!comparison.isMatch(probe: [], reference: reference))
    }

    /// The conformance scripts on the card as `pbtool card emulate` ships it: the engine deciding
    /// at its calibrated FMR 1/10,000 threshold (the scripts' probe is the reference's own
    /// minutiae, their impostor another random finger).
    @Test func theConformanceScriptsPassWithTheEngine() throws {
        let card = try VirtualCard(applets: AppletCatalog.all())
        let runner = ScriptLineRunner(card: card)
        for name in ["bio-1-biomanager.apdu", "bio-2-idstore.apdu", "bio-3-iso.apdu"] {
            try runner.run(SharedData.repositoryRoot.appendingPathComponent("apdu-scripts/\(name)"))
        }
        #expect(runner.failures.isEmpty, "\(runner.failures.map(\.description).joined(separator: "\n"))")
    }
}
