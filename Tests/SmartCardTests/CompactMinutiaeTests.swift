import SmartCard
import Testing
import TestSupport

/// Compact-card minutiae: validation, and probes and references built to a card's limits.
@Suite struct CompactMinutiaeTests {
    /// smartcard.md §7: X 10.0 mm Y 8.0 mm ending 56.25°; X 12.0 Y 6.0 bifurcation 129.375°;
    /// X 5.0 Y 14.0 ending 0°.
    private let vector: [UInt8] = [0x64, 0x50, 0x4A, 0x78, 0x3C, 0x97, 0x32, 0x8C, 0x40]

    @Test func acceptsTheStandardsExample() throws {
        let minutiae = try CompactMinutiae(bytes: vector)
        #expect(minutiae.count == 3)
        #expect(minutiae.bytes == vector)
    }

    @Test func refusesMalformedBytes() {
        #expect(throws: CompactTemplateError.empty) { try CompactMinutiae(bytes: []) }
        #expect(throws: CompactTemplateError.notCompactCard(byteCount: 8)) { try CompactMinutiae(bytes: Array(vector.prefix(8))) }
        #expect(throws: CompactTemplateError.reservedMinutiaType(index: 1)) {
            try CompactMinutiae(bytes: [0x10, 0x10, 0x40, 0x20, 0x20, 0xC1])
        }
        let tooMany = MinutiaeFixture.compact(count: 256, seed: 1)
        #expect(throws: CompactTemplateError.tooManyMinutiae(count: 256, maximum: 255)) { try CompactMinutiae(bytes: tooMany) }
    }

    @Test func sortsAProbeByTheCardsOrder() throws {
        let minutiae = try CompactMinutiae(bytes: vector)
        let limits = MatchingAlgorithmParameters(minimumMinutiae: 1, maximumMinutiae: 60, order: .xyAscending)
        #expect(try minutiae.probe(for: limits).bytes == [0x32, 0x8C, 0x40, 0x64, 0x50, 0x4A, 0x78, 0x3C, 0x97])
        let yDescending = MatchingAlgorithmParameters(minimumMinutiae: 1, maximumMinutiae: 60,
                                             order: MinutiaOrder(key: .yx, direction: .descending))
        #expect(try minutiae.probe(for: yDescending).bytes == [0x32, 0x8C, 0x40, 0x64, 0x50, 0x4A, 0x78, 0x3C, 0x97])
        let byAngle = MatchingAlgorithmParameters(minimumMinutiae: 1, maximumMinutiae: 60,
                                         order: MinutiaOrder(key: .angle, direction: .ascending))
        #expect(try minutiae.probe(for: byAngle).bytes == [0x32, 0x8C, 0x40, 0x64, 0x50, 0x4A, 0x78, 0x3C, 0x97])
        let unordered = MatchingAlgorithmParameters(minimumMinutiae: 1, maximumMinutiae: 60, order: .unordered)
        #expect(try minutiae.probe(for: unordered).bytes == vector)
    }

    @Test func prunesTheFarthestFromTheCentreFirst() throws {
        // Four around (100, 100) and one far out at (250, 250): the far one goes.
        let bytes: [UInt8] = [100, 90, 0x40, 110, 100, 0x41, 250, 250, 0x42, 100, 110, 0x43, 90, 100, 0x44]
        let limits = MatchingAlgorithmParameters(minimumMinutiae: 2, maximumMinutiae: 4, order: .unordered)
        let probe = try CompactMinutiae(bytes: bytes).probe(for: limits)
        #expect(probe.count == 4)
        #expect(!probe.bytes.contains(250))
    }

    @Test func breaksDistanceTiesWithRidgeEndingsThenLargerAngles() throws {
        // Two minutiae at the same distance from the centre: the ending goes before the bifurcation.
        let endingVersusBifurcation: [UInt8] = [100, 100, 0x80 | 5, 80, 100, 0x40 | 1, 120, 100, 0x80 | 1]
        let one = MatchingAlgorithmParameters(minimumMinutiae: 1, maximumMinutiae: 2, order: .unordered)
        #expect(try CompactMinutiae(bytes: endingVersusBifurcation).probe(for: one).bytes == [100, 100, 0x85, 120, 100, 0x81])
        // Two endings at the same distance: the larger angle goes.
        let angles: [UInt8] = [100, 100, 0x40, 80, 100, 0x40 | 9, 120, 100, 0x40 | 3]
        #expect(try CompactMinutiae(bytes: angles).probe(for: one).bytes == [100, 100, 0x40, 120, 100, 0x43])
    }

    @Test func neverInventsMinutiaeAndNeverPrunesAReference() throws {
        let twelve = try CompactMinutiae(bytes: MinutiaeFixture.compact(count: 12, seed: 2))
        #expect(throws: CompactTemplateError.tooFewMinutiae(count: 12, minimum: 16)) {
            try twelve.reference(for: .pbtoolReference)
        }
        #expect(try twelve.probe(for: .pbtoolProbe).count == 12)
        let eleven = try CompactMinutiae(bytes: MinutiaeFixture.compact(count: 11, seed: 2))
        #expect(throws: CompactTemplateError.tooFewMinutiae(count: 11, minimum: 12)) { try eleven.probe(for: .pbtoolProbe) }
        let seventy = try CompactMinutiae(bytes: MinutiaeFixture.compact(count: 70, seed: 3))
        #expect(throws: CompactTemplateError.tooManyMinutiae(count: 70, maximum: 60)) {
            try seventy.reference(for: .pbtoolReference)
        }
        #expect(try seventy.probe(for: .pbtoolProbe).count == 60)
    }

    @Test func describesTheOrderByte() {
        #expect(MinutiaOrder.xyAscending.rawValue == 0x05)
        #expect(MinutiaOrder.xyAscending.description == "xy ascending")
        #expect(MinutiaOrder(rawValue: 0x03).direction == nil)
        #expect(MinutiaOrder(rawValue: 0x1D).key == nil)
        #expect(MinutiaOrder(rawValue: 0x1D).description == "reserved order 1D")
    }
}
