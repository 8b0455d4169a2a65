/// The two-dimensional wavelet decomposition of an image into subbands, and its inverse (WSQ
/// specification §A.1–A.2): each of the layout's 20 regions in turn is filtered along its rows, then
/// along its columns; the inverse undoes the regions in reverse order, columns first.
///
/// Coefficients live in one image-sized plane, row-major with stride `width`.
struct WSQWaveletTransform {
    private struct ScheduleKey: Hashable {
        let length: Int
        let highpassFirst: Bool
    }

    private let layout: WSQSubbandLayout
    private let width: Int
    private let height: Int
    private var schedules: [ScheduleKey: WSQFilterSchedule] = [:]

    /// Prepares the analysis (`synthesis == false`) or synthesis schedules for every region of `layout`.
    init(layout: WSQSubbandLayout, width: Int, height: Int, lowpass: [Float], highpass: [Float], synthesis: Bool) {
        self.layout = layout
        self.width = width
        self.height = height
        for split in layout.splits {
            for key in [ScheduleKey(length: split.region.width, highpassFirst: split.highpassFirstInRows),
                        ScheduleKey(length: split.region.height, highpassFirst: split.highpassFirstInColumns)]
            where schedules[key] == nil {
                schedules[key] = synthesis
                    ? .synthesis(length: key.length, lowpass: lowpass, highpass: highpass, highpassFirst: key.highpassFirst)
                    : .analysis(length: key.length, lowpass: lowpass, highpass: highpass, highpassFirst: key.highpassFirst)
            }
        }
    }

    /// Replaces the pixels in `plane` by their wavelet coefficients.
    func decompose(_ plane: inout [Float]) {
        var scratch = [Float](repeating: 0, count: width * height)
        for split in layout.splits {
            let region = split.region
            guard region.area > 0 else { continue }
            filterRows(region, from: plane, into: &scratch, highpassFirst: split.highpassFirstInRows)
            filterColumns(region, from: scratch, into: &plane, highpassFirst: split.highpassFirstInColumns)
        }
    }

    /// Replaces the wavelet coefficients in `plane` by the pixels they describe.
    func reconstruct(_ plane: inout [Float]) {
        var scratch = [Float](repeating: 0, count: width * height)
        for split in layout.splits.reversed() {
            let region = split.region
            guard region.area > 0 else { continue }
            filterColumns(region, from: plane, into: &scratch, highpassFirst: split.highpassFirstInColumns)
            filterRows(region, from: scratch, into: &plane, highpassFirst: split.highpassFirstInRows)
        }
    }

    /// Filters each row of `region` on its own.
    private func filterRows(_ region: WSQRegion, from source: [Float], into destination: inout [Float],
                            highpassFirst: Bool) {
        guard let schedule = schedules[ScheduleKey(length: region.width, highpassFirst: highpassFirst)] else { return }
        let stride = width
        schedule.withBuffers { starts, sources, weights in
            source.withUnsafeBufferPointer { input in
                destination.withUnsafeMutableBufferPointer { output in
                    for row in 0..<region.height {
                        let base = (region.y &+ row) &* stride &+ region.x
                        for sample in 0..<schedule.outputCount {
                            var term = Int(starts[sample])
                            let end = Int(starts[sample &+ 1])
                            var sum = input[base &+ Int(sources[term])] * weights[term]
                            term &+= 1
                            while term < end {
                                sum += input[base &+ Int(sources[term])] * weights[term]
                                term &+= 1
                            }
                            output[base &+ sample] = sum
                        }
                    }
                }
            }
        }
    }

    /// Filters the columns of `region` together, one output row at a time: each output row is a
    /// weighted sum of input rows, which keeps memory access sequential.
    private func filterColumns(_ region: WSQRegion, from source: [Float], into destination: inout [Float],
                               highpassFirst: Bool) {
        guard let schedule = schedules[ScheduleKey(length: region.height, highpassFirst: highpassFirst)] else { return }
        let stride = width, columns = region.width
        schedule.withBuffers { starts, sources, weights in
            source.withUnsafeBufferPointer { input in
                destination.withUnsafeMutableBufferPointer { output in
                    let inputBase = input.baseAddress! + (region.y &* stride &+ region.x)
                    let outputBase = output.baseAddress! + (region.y &* stride &+ region.x)
                    for sample in 0..<schedule.outputCount {
                        let target = outputBase + sample &* stride
                        var term = Int(starts[sample])
                        let end = Int(starts[sample &+ 1])
                        let first = inputBase + Int(sources[term]) &* stride, firstWeight = weights[term]
                        for column in 0..<columns { target[column] = first[column] * firstWeight }
                        term &+= 1
                        while term < end {
                            let row = inputBase + Int(sources[term]) &* stride, weight = weights[term]
                            for column in 0..<columns { target[column] += row[column] * weight }
                            term &+= 1
                        }
                    }
                }
            }
        }
    }
}

extension WSQFilterSchedule {
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
