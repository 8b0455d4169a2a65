import BiometricFormats
import Testing
import TestSupport

/// Compact card templates as the card edges send them: probes pruned and sorted to a card's
/// requirements, references checked and sorted, by the one ISO/IEC 19794-2 §9.3 routine.
@Suite struct CompactCardProbeTests {
    /// The worked example of docs/card-formats.md: X 10.0 mm Y 8.0 mm ending 56.25°; X 12.0
    /// Y 6.0 bifurcation 129.375°; X 5.0 Y 14.0 ending 0°.
    private let vector: [UInt8] = [0x64, 0x50, 0x4A, 0x78, 0x3C, 0x97, 0x32, 0x8C, 0x40]

    private func requirements(_ minimum: Int, _ maximum: Int, _ order: MinutiaeOrder) -> CardMinutiaeRequirements {
        CardMinutiaeRequirements(minimumCount: minimum, maximumCount: maximum, order: order)
    }

    private func probe(_ bytes: [UInt8], _ requirements: CardMinutiaeRequirements) throws -> [UInt8] {
        try CompactCardTemplate(bytes: bytes).prepared(for: requirements).get().bytes
    }

    @Test func readsTheWorkedExample() throws {
        let template = try CompactCardTemplate(bytes: vector)
        #expect(template.count == 3)
        #expect(template.bytes == vector)
    }

    @Test func sortsAProbeByTheCardsOrder() throws {
        let xAscending: [UInt8] = [0x32, 0x8C, 0x40, 0x64, 0x50, 0x4A, 0x78, 0x3C, 0x97]
        #expect(try probe(vector, requirements(1, 60, .cartesianXYAscending)) == xAscending)
        #expect(try probe(vector, requirements(1, 60, .cartesianYXDescending)) == xAscending)
        #expect(try probe(vector, requirements(1, 60, .angleAscending)) == xAscending)
        #expect(try probe(vector, requirements(1, 60, .unordered)) == vector)
    }

    @Test func prunesTheFarthestFromTheCentreFirst() throws {
        // Four around (100, 100) and one far out at (250, 250): the far one goes.
        let bytes: [UInt8] = [100, 90, 0x40, 110, 100, 0x41, 250, 250, 0x42, 100, 110, 0x43, 90, 100, 0x44]
        let kept = try probe(bytes, requirements(2, 4, .unordered))
        #expect(kept.count == 12)
        #expect(!kept.contains(250))
    }

    @Test func breaksDistanceTiesWithRidgeEndingsThenLargerAngles() throws {
        // Two minutiae at the same distance from the centre: the ending goes before the bifurcation.
        let endingVersusBifurcation: [UInt8] = [100, 100, 0x80 | 5, 80, 100, 0x40 | 1, 120, 100, 0x80 | 1]
        let two = requirements(1, 2, .unordered)
        #expect(try probe(endingVersusBifurcation, two) == [100, 100, 0x85, 120, 100, 0x81])
        // Two endings at the same distance: the larger angle goes.
        let angles: [UInt8] = [100, 100, 0x40, 80, 100, 0x40 | 9, 120, 100, 0x40 | 3]
        #expect(try probe(angles, two) == [100, 100, 0x40, 120, 100, 0x43])
    }

    @Test func neverInventsMinutiaeAndNeverPrunesAReference() throws {
        let twelve = try CompactCardTemplate(bytes: MinutiaeFixture.compact(count: 12, seed: 2))
        #expect(throws: CompactTemplateError.tooFewMinutiae(count: 12, minimum: 16)) {
            try twelve.reference(for: .pbISOReference)
        }
        #expect(try twelve.prepared(for: .pbISO).get().count == 12)
        let eleven = try CompactCardTemplate(bytes: MinutiaeFixture.compact(count: 11, seed: 2))
        #expect(throws: CompactTemplateError.tooFewMinutiae(count: 11, minimum: 12)) {
            try eleven.prepared(for: .pbISO).get()
        }
        let seventy = try CompactCardTemplate(bytes: MinutiaeFixture.compact(count: 70, seed: 3))
        #expect(throws: CompactTemplateError.tooManyMinutiae(count: 70, maximum: 60)) {
            try seventy.reference(for: .pbISOReference)
        }
        #expect(try seventy.prepared(for: .pbISO).get().count == 60)
    }

    @Test func preparingAPreparedProbeAgainChangesNothing() throws {
        let seventy = try CompactCardTemplate(bytes: MinutiaeFixture.compact(count: 70, seed: 5))
        for order in [MinutiaeOrder.cartesianXYAscending, .polarDescending, .angleAscending, .unordered] {
            let once = try seventy.prepared(for: requirements(12, 60, order)).get()
            #expect(try once.prepared(for: requirements(12, 60, order)).get() == once)
        }
    }

    /// ISO/IEC 19794-2 §9.3 (card formats), as the order byte of BIT `B1`/`82` is defined: bits
    /// b2–b1 give the direction, `01` ascending and `10` descending; the standard assigns no
    /// meaning to `11`. So `07` (x-y, direction `11`) is neither ascending nor descending, and
    /// neither "no ordering" (`00`). A host cannot honour it; a probe in the wrong order would
    /// only cost a try, so the routine refuses it before anything is sent. The same holds for
    /// a criterion with direction `00` (`04`) and for a criterion code the standard does not
    /// define (`1C`).
    @Test func orderByte07NamesNoDirectionAndIsRefused() throws {
        let seven = MinutiaeOrder(rawValue: 0x07)
        #expect(seven.criterion == .cartesianXY)
        #expect(seven.direction == nil)
        #expect(!seven.isSupported)
        let template = try CompactCardTemplate(bytes: vector)
        #expect(template.prepared(for: requirements(1, 60, seven)) == .unsupportedOrder(seven))
        #expect(throws: CompactTemplateError.unsupportedOrder(seven)) { try template.reference(for: requirements(1, 60, seven)) }
        for refused: UInt8 in [0x04, 0x0F, 0x1C, 0x1D] {
            #expect(template.prepared(for: requirements(1, 60, MinutiaeOrder(rawValue: refused)))
                    == .unsupportedOrder(MinutiaeOrder(rawValue: refused)))
        }
        // `01` and `10` are the assigned directions; "no ordering" may carry any direction bits.
        #expect(MinutiaeOrder(rawValue: 0x05).direction == .ascending)
        #expect(MinutiaeOrder(rawValue: 0x06).direction == .descending)
        #expect(MinutiaeOrder(rawValue: 0x03).isSupported && MinutiaeOrder(rawValue: 0x03).criterion == .none)
    }

    @Test func describesTheOrderByte() {
        #expect(MinutiaeOrder.cartesianXYAscending.rawValue == 0x05)
        #expect(MinutiaeOrder.cartesianXYAscending.description == "x-y ascending")
        #expect(MinutiaeOrder.polarDescending.description == "polar descending")
        #expect(MinutiaeOrder(rawValue: 0x07).description == "unsupported order byte 07")
        #expect(MinutiaeOrder(rawValue: 0x1D).description == "unsupported order byte 1D")
    }
}
