import Fingerprint
import Testing

@Suite struct HostMatcherTests {
    static let threshold = Threshold.forFalseMatchRate(Threshold.defaultFalseMatchRate)

    static func prepared(_ minutiae: [Minutia], dpi: Double = 500) -> PreparedTemplate {
        PreparedTemplate(minutiae: minutiae, dpi: dpi, foreground: nil)
    }

    static func score(_ a: [Minutia], _ b: [Minutia]) -> Double {
        var matcher = HostMatcher(probe: prepared(a))
        return matcher.score(prepared(b))
    }

    @Test func templateMatchesItself() {
        let whorl = MinutiaeSets.whorl
        #expect(whorl.count >= 15, "the synthetic master has only \(whorl.count) minutiae")
        var matcher = HostMatcher(probe: Self.prepared(whorl))
        let details = matcher.compare(Self.prepared(whorl))
        #expect(Self.threshold.accepts(details.score) && details.score > 2 * Self.threshold.score, "score \(details.score)")
        #expect(details.pairedMinutiae == whorl.count)
        #expect(details.globalScore > 0.99 && details.localScore > 0 && details.localScore <= 1)
    }

    @Test(arguments: [(30.0, 20.0, -15.0), (-30, -25, 10), (60, 0, 0), (-75, 5, 5)])
    func rotatedAndTranslatedCopyStillMatches(degrees: Double, dx: Double, dy: Double) {
        let whorl = MinutiaeSets.whorl
        let moved = MinutiaeSets.moved(whorl, degrees: degrees, dx: dx, dy: dy)
        let score = Self.score(whorl, moved)
        #expect(Self.threshold.accepts(score), "score \(score) at \(degrees)°")
        #expect(score > 0.8 * Self.score(whorl, whorl))
    }

    /// Cylinders only compare minutiae within ``MatchingParameters/maximumDirectionDifference``
    /// (90°) of each other, so an upside-down print is found only when that limit is widened.
    @Test func rotationBeyondTheDirectionLimitNeedsAWiderLimit() {
        let whorl = MinutiaeSets.whorl
        let upsideDown = MinutiaeSets.moved(whorl, degrees: 180, dx: 5, dy: 5)
        #expect(!Self.threshold.accepts(Self.score(whorl, upsideDown)))
        var wide = MatchingParameters()
        wide.maximumDirectionDifference = .pi
        var matcher = HostMatcher(probe: PreparedTemplate(minutiae: whorl, dpi: 500, foreground: nil, parameters: wide),
                                  parameters: wide)
        let score = matcher.score(PreparedTemplate(minutiae: upsideDown, dpi: 500, foreground: nil, parameters: wide))
        #expect(Self.threshold.accepts(score), "score \(score)")
    }

    @Test func unrelatedSetsScoreBelowTheThreshold() {
        let pairs = [(MinutiaeSets.whorl, MinutiaeSets.loop),
                     (MinutiaeSets.whorl, MinutiaeSets.random(seed: 1, count: 35)),
                     (MinutiaeSets.random(seed: 2, count: 40), MinutiaeSets.random(seed: 3, count: 40))]
        for (a, b) in pairs {
            let score = Self.score(a, b)
            #expect(!Self.threshold.accepts(score), "impostor score \(score)")
        }
    }

    /// One prepared probe against a gallery: the same scores as fresh 1:1 comparisons, in any
    /// order, with the true mate ranked first.
    @Test func identificationReusesTheProbe() {
        let probe = Self.prepared(MinutiaeSets.moved(MinutiaeSets.whorl, degrees: 30, dx: 12, dy: -8))
        let galleryMinutiae = [MinutiaeSets.loop, MinutiaeSets.random(seed: 4, count: 30), MinutiaeSets.whorl,
                               MinutiaeSets.random(seed: 5, count: 50), []]
        let gallery = galleryMinutiae.map { Self.prepared($0) }
        var matcher = HostMatcher(probe: probe)
        let forward = gallery.map { matcher.score($0) }
        let backward = Array(gallery.reversed().map { matcher.score($0) }.reversed())
        let single = gallery.map { candidate -> Double in
            var fresh = HostMatcher(probe: probe)
            return fresh.score(candidate)
        }
        #expect(forward == single && backward == single)
        #expect(forward.indices.max { forward[$0] < forward[$1] } == 2)
        #expect(forward.enumerated().filter { Self.threshold.accepts($0.element) }.map(\.offset) == [2])
    }

    @Test func scoresAreRoughlySymmetric() {
        let a = MinutiaeSets.whorl
        let b = MinutiaeSets.moved(Array(a.dropFirst(4)), degrees: 15, dx: 6, dy: 9)
        let forward = Self.score(a, b), backward = Self.score(b, a)
        #expect(abs(forward - backward) <= 0.25 * max(forward, backward), "\(forward) vs \(backward)")
        #expect(Self.threshold.accepts(forward) && Self.threshold.accepts(backward))
    }

    @Test func emptyAndTinyTemplatesScoreLow() {
        let whorl = MinutiaeSets.whorl
        #expect(Self.score([], whorl) == 0 && Self.score(whorl, []) == 0 && Self.score([], []) == 0)
        #expect(Self.prepared([]).minutiaCount == 0)
        for tiny in [Array(whorl.prefix(1)), Array(whorl.prefix(2))] {
            let score = Self.score(tiny, whorl)
            #expect(score.isFinite && score >= 0 && !Self.threshold.accepts(score), "score \(score)")
            #expect(Self.score(tiny, tiny).isFinite)
        }
    }

    /// Templates are compared in millimetres: the same finger described at 1000 dpi (coordinates
    /// doubled) scores as at 500 dpi.
    @Test func resolutionIsTakenIntoAccount() {
        let whorl = MinutiaeSets.whorl
        let doubled = whorl.map { Minutia(x: $0.x * 2, y: $0.y * 2, direction: $0.direction, kind: $0.kind) }
        var matcher = HostMatcher(probe: Self.prepared(whorl))
        let same = matcher.score(Self.prepared(doubled, dpi: 1_000))
        #expect(abs(same - Self.score(whorl, whorl)) < 1e-6 * same)
        let misdeclared = matcher.score(Self.prepared(doubled, dpi: 500))
        #expect(!Self.threshold.accepts(misdeclared), "a twice-too-large print still scored \(misdeclared)")
    }

    /// The whole pipeline on synthetic images: two impressions of one finger match, different
    /// fingers do not.
    @Test func syntheticImpressionsMatchTheirFinger() {
        var matcher = HostMatcher(probe: PreparedTemplate(SyntheticPrints.whorlFirst.features))
        let genuine = matcher.score(PreparedTemplate(SyntheticPrints.whorlSecond.features))
        let impostor = matcher.score(PreparedTemplate(SyntheticPrints.loopFirst.features))
        #expect(Self.threshold.accepts(genuine), "genuine \(genuine)")
        #expect(!Self.threshold.accepts(impostor), "impostor \(impostor)")
    }
}
