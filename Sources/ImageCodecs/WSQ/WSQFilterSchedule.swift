/// For one line length: which input samples, with which weights and in which order, are summed into
/// each output sample of a one-dimensional analysis or synthesis step (WSQ specification §A.2).
///
/// Lines are extended symmetrically at both ends. The order of the terms is NBIS's (`get_lets`,
/// `join_lets`), so single-precision sums round exactly as in the reference coder.
struct WSQFilterSchedule: Sendable {
    let outputCount: Int
    /// Terms of output `o` are `tapStarts[o] ..< tapStarts[o + 1]`.
    private(set) var tapStarts: [Int32] = [0]
    private(set) var sources: [Int32] = []
    private(set) var weights: [Float] = []

    init(outputCount: Int) {
        self.outputCount = outputCount
    }

    mutating func addTerm(source: Int, weight: Float) {
        sources.append(Int32(source))
        weights.append(weight)
    }

    mutating func endOutput() {
        tapStarts.append(Int32(sources.count))
    }

    /// Lowpass and highpass sample counts of a line of `length` samples: the lowpass half gets the extra one.
    static func bandLengths(_ length: Int) -> (low: Int, high: Int) {
        (length - length / 2, length / 2)
    }

    /// Index `index` of a line of `length` samples extended by whole-sample symmetry (…2 1 0 1 2…).
    static func reflected(_ index: Int, length: Int) -> Int {
        guard length > 1 else { return 0 }
        let period = 2 * (length - 1)
        let folded = ((index % period) + period) % period
        return folded < length ? folded : period - folded
    }

    /// Analysis: lowpass samples are centered on even inputs, highpass samples on odd inputs, and the
    /// output line holds one band after the other, the highpass band first if `highpassFirst`.
    static func analysis(length: Int, lowpass: [Float], highpass: [Float], highpassFirst: Bool) -> WSQFilterSchedule {
        var schedule = WSQFilterSchedule(outputCount: length)
        let (lowCount, highCount) = bandLengths(length)
        let lowReach = (lowpass.count - 1) / 2, highReach = (highpass.count - 1) / 2
        func addLow(_ k: Int) {
            for (tap, weight) in lowpass.enumerated() {
                schedule.addTerm(source: reflected(2 * k - lowReach + tap, length: length), weight: weight)
            }
            schedule.endOutput()
        }
        func addHigh(_ k: Int) {
            for (tap, weight) in highpass.enumerated() {
                schedule.addTerm(source: reflected(2 * k + 1 - highReach + tap, length: length), weight: weight)
            }
            schedule.endOutput()
        }
        if highpassFirst {
            for k in 0..<highCount { addHigh(k) }
            for k in 0..<lowCount { addLow(k) }
        } else {
            for k in 0..<lowCount { addLow(k) }
            for k in 0..<highCount { addHigh(k) }
        }
        return schedule
    }

    /// Runs `body` with the schedule's arrays as unsafe buffers, for hot loops.
    func withBuffers<Result>(
        _ body: (UnsafeBufferPointer<Int32>, UnsafeBufferPointer<Int32>, UnsafeBufferPointer<Float>) -> Result
    ) -> Result {
        tapStarts.withUnsafeBufferPointer { starts in
            sources.withUnsafeBufferPointer { sources in
                weights.withUnsafeBufferPointer { weights in body(starts, sources, weights) }
            }
        }
    }
}
