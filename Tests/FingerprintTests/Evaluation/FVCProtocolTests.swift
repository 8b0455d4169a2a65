import Fingerprint
import Testing

@Suite struct FVCProtocolTests {
    static func grid(fingers: Int, impressions: Int, firstFinger: Int = 101) -> FVCProtocol {
        FVCProtocol(impressions: (0..<fingers).flatMap { finger in
            (1...impressions).map { FVCProtocol.Impression(finger: firstFinger + finger, impression: $0) }
        })
    }

    /// A DB_B set: 28 genuine pairs per finger, C(10, 2) first-impression pairs, and every
    /// unordered pair of images of different fingers, C(80, 2) − 280.
    @Test func dbBSetHasTheFVCPairCounts() {
        let fvc = Self.grid(fingers: 10, impressions: 8)
        #expect(fvc.genuinePairs.count == 280)
        #expect(fvc.impostorPairs.count == 45)
        #expect(fvc.allImpostorPairs.count == 2_880)
    }

    @Test func pairsCompareTheRightImages() {
        let fvc = Self.grid(fingers: 3, impressions: 4)
        let images = fvc.impressions
        for pair in fvc.genuinePairs {
            #expect(images[pair.probe].finger == images[pair.candidate].finger && pair.probe < pair.candidate)
        }
        for pair in fvc.impostorPairs {
            #expect(images[pair.probe].finger != images[pair.candidate].finger)
            #expect(images[pair.probe].impression == 1 && images[pair.candidate].impression == 1)
        }
        for pair in fvc.allImpostorPairs { #expect(images[pair.probe].finger != images[pair.candidate].finger) }
        #expect(Set(fvc.allImpostorPairs).count == fvc.allImpostorPairs.count)
    }

    /// Uneven sets: any finger ids, impressions that start above 1, input in any order.
    @Test func unevenSetsUseEachFingersLowestImpression() {
        let fvc = FVCProtocol(impressions: [
            .init(finger: 7, impression: 3), .init(finger: 2, impression: 5), .init(finger: 7, impression: 2),
            .init(finger: 2, impression: 4), .init(finger: 2, impression: 6), .init(finger: 40, impression: 1),
        ])
        #expect(fvc.impressions.map(\.finger) == [2, 2, 2, 7, 7, 40])
        #expect(fvc.genuinePairs.count == 3 + 1)
        let firsts = fvc.impostorPairs.flatMap { [fvc.impressions[$0.probe], fvc.impressions[$0.candidate]] }
        #expect(Set(firsts) == [.init(finger: 2, impression: 4), .init(finger: 7, impression: 2),
                                .init(finger: 40, impression: 1)])
        #expect(fvc.impostorPairs.count == 3)
        #expect(fvc.allImpostorPairs.count == 3 * 2 + 3 * 1 + 2 * 1)
    }

    @Test func oneImageHasNoPairs() {
        let fvc = Self.grid(fingers: 1, impressions: 1)
        #expect(fvc.genuinePairs.isEmpty && fvc.impostorPairs.isEmpty && fvc.allImpostorPairs.isEmpty)
        #expect(ProtocolScores(genuine: [], impostor: [], allImpostor: []).fvcRates == nil)
    }

    @Test(arguments: [("101_3.tif", 101, 3), ("DB1_B/7_12.png", 7, 12), ("0_0.wsq", 0, 0), ("110_1.tar.gz", 110, 1)])
    func parsesFVCFileNames(name: String, finger: Int, impression: Int) {
        #expect(FVCProtocol.Impression(fileName: name) == FVCProtocol.Impression(finger: finger, impression: impression))
    }

    @Test(arguments: ["101_3", "101-3.tif", "a_1.tif", "101_1_2.tif", "_1.tif", "101_.tif", "-1_2.tif", "README.md"])
    func rejectsOtherFileNames(name: String) {
        #expect(FVCProtocol.Impression(fileName: name) == nil)
    }
}
