import Fingerprint
import Testing

@Suite struct CardMatcherTests {
    static let threshold = Threshold.forFalseMatchRate(Threshold.defaultFalseMatchRate, matcher: .card)

    /// The minutiae as a card holds them (0.1 mm, 5.625°, type; no quality), in the given order.
    static func card(_ minutiae: [Minutia]) -> CompactCardTemplate {
        CompactCardTemplate(minutiae: minutiae.compactMap { CompactCardMinutia($0, resolution: .dpi500) })
    }

    static func score(reference: [Minutia], probe: [Minutia]) -> Double {
        CardMatcher().score(reference: card(reference), probe: card(probe))
    }

    @Test func templateMatchesItselfFully() {
        let whorl = MinutiaeSets.whorl
        #expect(Self.card(whorl).minutiae.count == whorl.count)
        #expect(Self.score(reference: whorl, probe: whorl) == 100)
        #expect(Self.threshold.accepts(100))
    }

    /// Card coordinates cannot be negative, so the moved copies stay inside the 25.5 mm square.
    @Test(arguments: [(30.0, 40.0, 30.0), (-30, 60, 20), (15, 0, 90), (-60, 50, 50)])
    func rotatedAndTranslatedCopyStillMatches(degrees: Double, dx: Double, dy: Double) {
        let whorl = MinutiaeSets.whorl
        let moved = MinutiaeSets.moved(whorl, degrees: degrees, dx: dx, dy: dy)
        #expect(Self.card(moved).minutiae.count == whorl.count, "a moved minutia left the card's square")
        let score = Self.score(reference: whorl, probe: moved)
        #expect(Self.threshold.accepts(score) && score >= 50, "score \(score) at \(degrees)°")
    }

    @Test func unrelatedSetsScoreBelowTheThreshold() {
        let pairs = [(MinutiaeSets.whorl, MinutiaeSets.loop),
                     (MinutiaeSets.loop, MinutiaeSets.random(seed: 6, count: 40)),
                     (MinutiaeSets.random(seed: 7, count: 45), MinutiaeSets.random(seed: 8, count: 45))]
        for (reference, probe) in pairs {
            let score = Self.score(reference: reference, probe: probe)
            #expect((0...100).contains(score) && !Self.threshold.accepts(score), "impostor score \(score)")
        }
    }

    /// The card reads at most 60 minutiae per template and ignores the rest, as documented.
    @Test func minutiaeBeyondSixtyAreIgnored() {
        let many = MinutiaeSets.random(seed: 9, count: 80, side: 400)
        let first60 = Array(many.prefix(CardMatcher.capacity))
        #expect(CardMatcher.capacity == 60 && Self.card(many).minutiae.count == 80)
        #expect(Self.score(reference: many, probe: many) == 100)
        let whorl = MinutiaeSets.whorl
        #expect(Self.score(reference: many, probe: whorl) == Self.score(reference: first60, probe: whorl))
        #expect(Self.score(reference: whorl, probe: many) == Self.score(reference: whorl, probe: first60))
        // What lies beyond the first 60 never counts, not even a perfect copy of the probe.
        let hidden = Array(many.prefix(60)) + whorl
        #expect(Self.score(reference: hidden, probe: whorl) == Self.score(reference: first60, probe: whorl))
    }

    @Test func emptyAndTinyTemplatesScoreLow() {
        let whorl = MinutiaeSets.whorl
        #expect(Self.score(reference: [], probe: whorl) == 0 && Self.score(reference: whorl, probe: []) == 0)
        #expect(Self.score(reference: [], probe: []) == 0)
        let one = Array(whorl.prefix(1))
        let score = Self.score(reference: one, probe: whorl)
        #expect(score >= 0 && score <= 100 && !Self.threshold.accepts(score), "one minutia scored \(score)")
    }

    /// The order of the minutiae on the card (x–y ascending for pb-iso) does not change the outcome.
    @Test func minutiaeOrderDoesNotMatter() {
        let whorl = MinutiaeSets.whorl
        let moved = MinutiaeSets.moved(whorl, degrees: 20, dx: 30, dy: 30)
        let sorted = moved.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        let score = Self.score(reference: whorl, probe: moved)
        // Ties between equally good pairs may resolve differently, so allow a few pairs' worth.
        for other in [Self.score(reference: whorl, probe: sorted), Self.score(reference: whorl.reversed(), probe: moved)] {
            #expect(abs(other - score) <= 5 && Self.threshold.accepts(other) == Self.threshold.accepts(score))
        }
    }

    /// Extracted synthetic impressions, made into pb-iso card templates as the CLI does.
    @Test func syntheticImpressionsMatchTheirFinger() throws {
        let requirements = CardMatcher.evaluationRequirements
        let first = try #require(SyntheticPrints.whorlFirst.features.compactCardTemplate(for: requirements).template)
        let second = try #require(SyntheticPrints.whorlSecond.features.compactCardTemplate(for: requirements).template)
        let other = try #require(SyntheticPrints.loopFirst.features.compactCardTemplate(for: requirements).template)
        #expect(first.minutiae.count <= CardMatcher.capacity)
        let genuine = CardMatcher().score(reference: second, probe: first)
        let impostor = CardMatcher().score(reference: other, probe: first)
        #expect(Self.threshold.accepts(genuine), "genuine \(genuine)")
        #expect(!Self.threshold.accepts(impostor), "impostor \(impostor)")
    }
}
