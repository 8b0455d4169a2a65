import Testing
@testable import FingerprintSynthesis

@Suite struct Xoshiro256Tests {
    @Test func splitMixMatchesItsReferenceOutput() {
        // First outputs of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
        var mixer = SplitMix64(seed: 0)
        #expect(mixer.next() == 0xE220_A839_7B1D_CDAF)
        #expect(mixer.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test func sameSeedSameSequenceDifferentSeedDifferentSequence() {
        var a = Xoshiro256(seed: 42), b = Xoshiro256(seed: 42), c = Xoshiro256(seed: 43)
        let first = (0..<16).map { _ in a.next() }
        #expect(first == (0..<16).map { _ in b.next() })
        #expect(first != (0..<16).map { _ in c.next() })
    }

    @Test func pathsGiveIndependentStreams() {
        var finger1 = Xoshiro256(seed: 7, path: 1), finger2 = Xoshiro256(seed: 7, path: 2)
        var again = Xoshiro256(seed: 7, path: 1)
        let value = finger1.next()
        #expect(value != finger2.next())
        #expect(value == again.next())
    }

    @Test func drawsStayInRangeWithPlausibleMoments() {
        var generator = Xoshiro256(seed: 1)
        let units = (0..<20_000).map { _ in generator.unit() }
        #expect(units.allSatisfy { $0 >= 0 && $0 < 1 })
        #expect(abs(units.reduce(0, +) / Double(units.count) - 0.5) < 0.01)
        let normals = (0..<20_000).map { _ in generator.normal(deviation: 2, limit: 3) }
        #expect(normals.allSatisfy { abs($0) <= 6 })
        let variance = normals.reduce(0) { $0 + $1 * $1 } / Double(normals.count)
        #expect(abs(variance.squareRoot() - 2) < 0.1)
        let integers = (0..<1_000).map { _ in generator.integer(3...5) }
        #expect(Set(integers) == [3, 4, 5])
    }
}
