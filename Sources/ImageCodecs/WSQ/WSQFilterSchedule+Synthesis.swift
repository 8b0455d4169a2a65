extension WSQFilterSchedule {
    /// A position in a band that walks back and forth between the band's ends, as NBIS's `join_lets`
    /// pointers do: at an end it turns around (whole-sample symmetry) or, once, stays on the end
    /// sample (half-sample symmetry: the end sample repeats).
    private struct BandCursor {
        var position: Int
        var step = -1
        var repeatsFirst: Bool
        var repeatsLast: Bool
        let last: Int

        init(start: Int, count: Int, repeatsFirst: Bool, repeatsLast: Bool) {
            last = max(count - 1, 0)
            position = min(start, last)
            self.repeatsFirst = repeatsFirst
            self.repeatsLast = repeatsLast
        }

        mutating func turnAtFirst() {
            guard position == 0 else { return }
            if repeatsFirst {
                step = 0
                repeatsFirst = false
            } else {
                step = 1
            }
        }

        mutating func turnAtEnds() {
            turnAtFirst()
            guard position == last else { return }
            if repeatsLast {
                step = 0
                repeatsLast = false
            } else {
                step = -1
            }
        }

        mutating func move() {
            position = min(max(position + step, 0), last)
        }
    }

    /// One band of a line being synthesized: where it sits in the input line, its filter, and the
    /// cursor each output's walk starts from (NBIS `lspx`/`hspx`).
    private struct BandWalk {
        let base: Int
        let filter: [Float]
        var start: BandCursor
        /// Lowpass walks move before each further term, highpass walks after each term (as in NBIS).
        let movesFirst: Bool

        func addTerms(phase: Int, to schedule: inout WSQFilterSchedule) {
            var cursor = start
            for tap in stride(from: phase, to: filter.count, by: 2) {
                if movesFirst && tap != phase {
                    cursor.turnAtEnds()
                    cursor.move()
                } else if !movesFirst {
                    cursor.turnAtEnds()
                }
                schedule.addTerm(source: base + cursor.position, weight: filter[tap])
                if !movesFirst { cursor.move() }
            }
        }

        mutating func advance() {
            start.turnAtFirst()
            start.move()
        }
    }

    /// Synthesis: output sample `n` of a line of `length` from its lowpass and highpass bands, which
    /// the input line holds one after the other (highpass first if `highpassFirst`). `lowpass` and
    /// `highpass` are the synthesis filters of the 9/7 bank (7 and 9 taps).
    ///
    /// Outputs come in pairs (odd-phase taps, then even-phase taps); each sums its lowpass terms, then
    /// its highpass terms. A line of odd length ends with one more odd-phase output.
    static func synthesis(length: Int, lowpass: [Float], highpass: [Float], highpassFirst: Bool) -> WSQFilterSchedule {
        var schedule = WSQFilterSchedule(outputCount: length)
        let (lowCount, highCount) = bandLengths(length)
        let isOdd = length % 2 == 1
        var low = BandWalk(base: highpassFirst ? highCount : 0, filter: lowpass,
                           start: BandCursor(start: (lowpass.count - 1) / 4, count: lowCount,
                                             repeatsFirst: false, repeatsLast: !isOdd),
                           movesFirst: true)
        var high = BandWalk(base: highpassFirst ? 0 : lowCount, filter: highpass,
                            start: BandCursor(start: (highpass.count + 1) / 4 - 1, count: highCount,
                                              repeatsFirst: true, repeatsLast: isOdd),
                            movesFirst: false)
        func addOutput(phase: Int) {
            if lowCount > 0 { low.addTerms(phase: phase, to: &schedule) }
            if highCount > 0 { high.addTerms(phase: phase, to: &schedule) }
            schedule.endOutput()
        }
        for _ in 0..<highCount {
            addOutput(phase: 1)
            addOutput(phase: 0)
            low.advance()
            high.advance()
        }
        if isOdd { addOutput(phase: 1) }
        return schedule
    }
}
