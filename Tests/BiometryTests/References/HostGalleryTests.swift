import Fingerprint
import FingerprintSynthesis
import Testing
@testable import Biometry

@Suite struct HostGalleryTests {
    @Test func largeGalleriesGiveTheFullMatcherAShareSmallOnesAll() {
        let search = HostGallery.Search()
        #expect(search.comparisons(in: 0) == 0)
        #expect(search.comparisons(in: 100) == 100)
        #expect(search.comparisons(in: 10_000) == 256)
        #expect(search.comparisons(in: 50_000) == 1_000)
    }

    /// 300 references, of which the full matcher sees 8: the sketch ranking must keep the
    /// owner's among them, and the full matcher must then pick it.
    @Test func shortlistKeepsTheOwnerAmongManyReferences() throws {
        var entries = (0..<297).map { index in
            Self.entry("decoy-\(index)", Self.features(Self.randomMinutiae(seed: UInt64(index), count: 38)))
        }
        entries.insert(Self.entry("bob", try TestFingers.features(seed: 2, impression: 1)), at: 0)
        entries.insert(Self.entry("carol", try TestFingers.features(seed: 3, impression: 1)), at: 150)
        entries.insert(Self.entry("alice", try TestFingers.features(seed: 1, impression: 1)), at: 200)
        var search = HostGallery.Search()
        search.fullComparisons = 8
        search.penetration = 0.01
        let gallery = HostGallery(entries: entries, search: search)
        let probe = TestFingers.engine.prepare(try TestFingers.features(seed: 1, impression: 2))

        let shortlist = gallery.shortlist(for: probe)
        #expect(shortlist.count == 8)
        #expect(shortlist.contains(200))
        let candidates = gallery.identify(probe, engine: TestFingers.engine, top: 3)
        #expect(candidates.map(\.user) == ["alice"])
    }

    /// `pbtool identify --exhaustive` sets no limit.
    @Test func unlimitedSearchComparesEveryReference() {
        let entries = (0..<300).map { Self.entry("decoy-\($0)", Self.features(Self.randomMinutiae(seed: UInt64($0), count: 20))) }
        var search = HostGallery.Search()
        search.fullComparisons = .max
        let probe = TestFingers.engine.prepare(Self.features(Self.randomMinutiae(seed: 999, count: 20)))
        #expect(HostGallery(entries: entries, search: search).shortlist(for: probe) == Array(0..<300))
        #expect(HostGallery(entries: entries).shortlist(for: probe).count == 256)
    }

    @Test func smallGalleryIsComparedInFull() throws {
        let entries = (0..<5).map { Self.entry("decoy-\($0)", Self.features(Self.randomMinutiae(seed: UInt64($0), count: 30))) }
        let gallery = HostGallery(entries: entries)
        let probe = TestFingers.engine.prepare(Self.features(Self.randomMinutiae(seed: 99, count: 30)))
        #expect(gallery.shortlist(for: probe) == Array(0..<5))
        #expect(gallery.identify(probe, engine: TestFingers.engine, top: 3).isEmpty)
    }

    static func entry(_ user: String, _ features: FingerprintFeatures) -> HostGallery.Entry {
        HostGallery.Entry(user: user, finger: .rightIndex, features: features, sketch: NeighbourhoodSketch(features))
    }

    static func features(_ minutiae: [Minutia]) -> FingerprintFeatures {
        let foreground = ForegroundMap(columns: 16, rows: 18, blockSize: 16, resolution: 500,
                                       flags: Array(repeating: true, count: 16 * 18))
        return FingerprintFeatures(minutiae: minutiae, width: 256, height: 288, dpi: 500, foreground: foreground, quality: 60)
    }

    static func randomMinutiae(seed: UInt64, count: Int) -> [Minutia] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            Minutia(x: Double.random(in: 12...244, using: &generator), y: Double.random(in: 12...276, using: &generator),
                    direction: Double.random(in: 0..<(2 * .pi), using: &generator),
                    kind: Bool.random(using: &generator) ? .ending : .bifurcation, quality: 60)
        }
    }
}
