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

    /// Filters each row of `region` on its own, four rows at a time so that four independent sums
    /// are in flight (each sum still adds its terms in schedule order).
    private func filterRows(_ region: WSQRegion, from source: [Float], into destination: inout [Float],
                            highpassFirst: Bool) {
        guard let schedule = schedules[ScheduleKey(length: region.width, highpassFirst: highpassFirst)] else { return }
        let stride = width
        schedule.withBuffers { starts, sources, weights in
            source.withUnsafeBufferPointer { input in
                destination.withUnsafeMutableBufferPointer { output in
                    let inputs = input.baseAddress!, outputs = output.baseAddress!
                    var row = 0
                    while row &+ 4 <= region.height {
                        let base = (region.y &+ row) &* stride &+ region.x
                        Self.filterFourRows(inputs + base, outputs + base, stride: stride, count: schedule.outputCount,
                                            starts: starts, sources: sources, weights: weights)
                        row &+= 4
                    }
                    while row < region.height {
                        let base = (region.y &+ row) &* stride &+ region.x
                        Self.filterRow(inputs + base, outputs + base, count: schedule.outputCount,
                                       starts: starts, sources: sources, weights: weights)
                        row &+= 1
                    }
                }
            }
        }
    }

    private static func filterFourRows(_ input: UnsafePointer<Float>, _ output: UnsafeMutablePointer<Float>, stride: Int,
                                       count: Int, starts: UnsafeBufferPointer<Int32>,
                                       sources: UnsafeBufferPointer<Int32>, weights: UnsafeBufferPointer<Float>) {
        let row1 = stride, row2 = stride &* 2, row3 = stride &* 3
        for sample in 0..<count {
            var term = Int(starts[sample])
            let end = Int(starts[sample &+ 1])
            var tap = input + Int(sources[term])
            var weight = weights[term]
            var sum0 = tap[0] * weight, sum1 = tap[row1] * weight, sum2 = tap[row2] * weight, sum3 = tap[row3] * weight
            term &+= 1
            while term < end {
                tap = input + Int(sources[term])
                weight = weights[term]
                sum0 += tap[0] * weight
                sum1 += tap[row1] * weight
                sum2 += tap[row2] * weight
                sum3 += tap[row3] * weight
                term &+= 1
            }
            output[sample] = sum0
            output[row1 &+ sample] = sum1
            output[row2 &+ sample] = sum2
            output[row3 &+ sample] = sum3
        }
    }

    private static func filterRow(_ input: UnsafePointer<Float>, _ output: UnsafeMutablePointer<Float>, count: Int,
                                  starts: UnsafeBufferPointer<Int32>, sources: UnsafeBufferPointer<Int32>,
                                  weights: UnsafeBufferPointer<Float>) {
        for sample in 0..<count {
            var term = Int(starts[sample])
            let end = Int(starts[sample &+ 1])
            var sum = input[Int(sources[term])] * weights[term]
            term &+= 1
            while term < end {
                sum += input[Int(sources[term])] * weights[term]
                term &+= 1
            }
            output[sample] = sum
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
