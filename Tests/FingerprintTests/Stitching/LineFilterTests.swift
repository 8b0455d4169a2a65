import Testing
@testable import Fingerprint

/// Lines with a controlled variance: alternating `low` and `high` values.
private func line(_ low: UInt8, _ high: UInt8, width: Int = 16) -> ScanLine {
    ScanLine(pixels: (0..<width).map { $0 % 2 == 0 ? low : high }, lookAhead: [UInt8](repeating: 0, count: 4))
}

@Suite struct LineFilterTests {
    /// var of alternating 100/130 is 15² = 225: exactly not blank.
    let ridge = line(100, 130)
    let blank = line(100, 129)

    @Test func statisticsTruncateAsTheSheetSays() {
        #expect([UInt8]([100, 130]).withUnsafeBufferPointer(LineStatistics.variance) == 225)
        #expect([UInt8]([100, 129]).withUnsafeBufferPointer(LineStatistics.variance) == 210)
        #expect(LineStatistics.meanSquaredDifference([0, 10, 20], [1, 13, 20]) == 3)
    }

    @Test func leadingBlanksAreSkippedAndFiftyBlanksStop() {
        var filter = LineFilter()
        var goesOn: [Bool] = []
        for _ in 0..<5 { goesOn.append(filter.consume(blank)) }
        #expect(filter.counted == 0 && filter.kept.isEmpty)
        goesOn.append(filter.consume(ridge))
        for _ in 0..<49 { goesOn.append(filter.consume(blank)) }
        #expect(goesOn.allSatisfy { $0 })
        let afterFifty = filter.consume(blank)
        #expect(!afterFifty)
        #expect(filter.stop == .fingerLifted)
        #expect(filter.counted == 50)
        #expect(filter.examined == 56)
        let afterStop = filter.consume(ridge)
        #expect(!afterStop)
    }

    @Test func linesTooLikeTheLastKeptOneAreDropped() {
        var filter = LineFilter()
        filter.consume(line(0, 200))
        filter.consume(line(10, 210))    // msd 100 < 600: dropped
        filter.consume(line(30, 230))    // msd 900 against the kept one: kept
        #expect(filter.kept.map { $0.pixels[0] } == [0, 30])
        #expect(filter.counted == 3)
    }

    @Test func theKeptAndCountedLimitsStop() {
        var parameters = LineFilter.Parameters()
        parameters.maximumKept = 3
        var kept = LineFilter(parameters: parameters)
        for index in 0..<10 where !kept.consume(line(UInt8(index * 25), 250)) { break }
        #expect(kept.stop == .keptLimit && kept.kept.count == 3)

        parameters = LineFilter.Parameters()
        parameters.maximumCounted = 4
        var counted = LineFilter(parameters: parameters)
        for _ in 0..<10 where !counted.consume(ridge) { break }
        #expect(counted.stop == .countLimit && counted.counted == 5 && counted.kept.count == 1)
    }
}

@Suite struct LineAssemblerTests {
    let assembler = LineAssembler()

    @Test func theMedianFilterLeavesTheLastEntryAndTakesTheUpperMedian() {
        var parameters = LineAssembler.Parameters()
        parameters.medianWindow = 3
        let filtered = LineAssembler(parameters: parameters).medianFiltered([5, 1, 9, 2, 7])
        // Windows over the first 4 entries (clipped): [5,1]→5, [5,1,9]→5, [1,9,2]→2, [9,2]→9.
        #expect(filtered == [5, 5, 2, 9, 7])
    }

    @Test func resamplingInterpolatesInFixedPoint() {
        let lines = [ScanLine(pixels: [0, 100], lookAhead: []), ScanLine(pixels: [200, 100], lookAhead: []),
                     ScanLine(pixels: [100, 0], lookAhead: [])]
        // Offset 5 → each line advances 10/5 = 2 rows.
        let image = assembler.resample(lines, offsets: [5, 5], dpi: 500)
        #expect(image.width == 2 && image.height == 4)
        #expect(image.pixels == [0, 100, 100, 100, 200, 100, 150, 50])
    }

    @Test func theSpeedSearchFindsTheLookAheadMatch() {
        // Line j's look-ahead cancels line i's columns 48… when j = i + 3.
        let width = 160
        let lines: [ScanLine] = (0..<12).map { index in
            let pixels = (0..<width).map { UInt8(truncatingIfNeeded: ($0 &* 7 &+ index &* 31) % 200) }
            let source = index >= 3 ? index - 3 : index + 50
            let strip = (0..<64).map { 255 - UInt8(truncatingIfNeeded: ((48 + $0) &* 7 &+ source &* 31) % 200) }
            return ScanLine(pixels: pixels, lookAhead: strip)
        }
        #expect(assembler.speedOffsets(lines) == [3, 3, 3, 3, 3, 1])
    }

    @Test func tooFewLinesMakeNoImage() {
        let lines = [ScanLine](repeating: ScanLine(pixels: [1, 2], lookAhead: [1]), count: 159)
        #expect(assembler.assemble(lines) == nil)
    }
}
