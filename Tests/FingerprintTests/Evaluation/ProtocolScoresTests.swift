import Fingerprint
import Testing

@Suite struct ProtocolScoresTests {
    /// Two synthetic fingers, impressions 1 and 2 of the whorl and 1 of the loop.
    static let fvc = FVCProtocol(impressions: [.init(finger: 101, impression: 1), .init(finger: 101, impression: 2),
                                               .init(finger: 102, impression: 1)])
    static let features = [SyntheticPrints.whorlFirst.features, SyntheticPrints.whorlSecond.features,
                           SyntheticPrints.loopFirst.features]

    @Test func hostScoresFollowThePairs() throws {
        let scores = ProtocolScores.host(Self.features, fvc: Self.fvc)
        #expect(scores.genuine.count == 1 && scores.impostor.count == 1 && scores.allImpostor.count == 2)
        var matcher = HostMatcher(probe: PreparedTemplate(Self.features[0]))
        #expect(scores.genuine == [matcher.score(PreparedTemplate(Self.features[1]))])
        #expect(scores.impostor == [matcher.score(PreparedTemplate(Self.features[2]))])
        let rates = try #require(scores.allImpostorRates)
        #expect(rates.eer == 0 && rates.genuineCount == 1 && rates.impostorCount == 2)
    }

    @Test func cardScoresSeparateTheFingers() throws {
        let scores = ProtocolScores.card(Self.features, fvc: Self.fvc)
        #expect(scores.genuine.count == 1 && scores.allImpostor.count == 2)
        #expect(scores.genuine[0] > scores.allImpostor.max()!)
        #expect(try #require(scores.fvcRates).eer == 0)
    }

    /// A print with no minutiae makes no card template and scores 0 against everything.
    @Test func printsWithoutMinutiaeScoreZeroOnTheCard() {
        var empty = Self.features[1]
        empty.minutiae = []
        let scores = ProtocolScores.card([Self.features[0], empty, Self.features[2]], fvc: Self.fvc)
        #expect(scores.genuine == [0] && scores.allImpostor[1] == 0)
    }

    @Test func histogramCountsEveryScore() {
        let genuine: [Double] = [40, 55, 60, 80, 120], impostor: [Double] = [10, 12, 20, 25, 41, 120]
        let histogram = ScoreHistogram(genuine: genuine, impostor: impostor, binCount: 11)
        #expect(histogram.start == 10 && histogram.binWidth == 10)
        #expect(histogram.genuine.reduce(0, +) == 5 && histogram.impostor.reduce(0, +) == 6)
        // Bins of 10 from 10: 41 falls in the fourth; 120, the highest score, stays in the last.
        #expect(histogram.impostor == [2, 2, 0, 1, 0, 0, 0, 0, 0, 0, 1])
        #expect(histogram.genuine == [0, 0, 0, 1, 1, 1, 0, 1, 0, 0, 1])
        let flat = ScoreHistogram(genuine: [5, 5], impostor: [5])
        #expect(flat.binWidth == 1 && flat.genuine.reduce(0, +) == 2 && flat.impostor[0] == 1)
    }
}
