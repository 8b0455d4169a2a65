import Testing
@testable import ImageCodecs

/// The 9/7 filter bank, the subband layout and perfect reconstruction before quantization.
struct WSQWaveletTests {
    private static func apply(_ schedule: WSQFilterSchedule, to line: [Float]) -> [Float] {
        schedule.withBuffers { starts, sources, weights in
            (0..<schedule.outputCount).map { sample in
                let terms = Int(starts[sample])..<Int(starts[sample + 1])
                return terms.dropFirst().reduce(line[Int(sources[terms.lowerBound])] * weights[terms.lowerBound]) {
                    $0 + line[Int(sources[$1])] * weights[$1]
                }
            }
        }
    }

    private static func randomLine(_ length: Int, seed: UInt64) -> [Float] {
        var random = SyntheticPrint.Generator(seed: seed)
        return (0..<length).map { _ in Float(random.below(256)) - 128 }
    }

    /// Lines of 4 and 5 samples are left out: NBIS's synthesis starts its highpass walk on the last
    /// sample of a 2-sample band and does not restore them exactly, so the encoder never makes them.
    @Test(arguments: [false, true])
    func analysisThenSynthesisRestoresEveryLine(highpassFirst: Bool) {
        let synthesis = WSQTransformTable.standard
        for length in Array(1...3) + Array(6...70) {
            let line = Self.randomLine(length, seed: UInt64(length))
            let bands = Self.apply(.analysis(length: length, lowpass: WSQParameters.analysisLowpass,
                                             highpass: WSQParameters.analysisHighpass, highpassFirst: highpassFirst), to: line)
            let restored = Self.apply(.synthesis(length: length, lowpass: synthesis.synthesisLowpass,
                                                 highpass: synthesis.synthesisHighpass, highpassFirst: highpassFirst), to: bands)
            let error = zip(line, restored).map { abs($0 - $1) }.max() ?? 0
            #expect(error < 1e-3, "length \(length): largest error \(error)")
        }
    }

    @Test func lowpassBandOfAConstantLineIsScaledByRootTwo() {
        let bands = Self.apply(.analysis(length: 20, lowpass: WSQParameters.analysisLowpass,
                                         highpass: WSQParameters.analysisHighpass, highpassFirst: false),
                               to: Array(repeating: 10, count: 20))
        #expect(bands[..<10].allSatisfy { abs($0 - 10 * 2.0.squareRoot().asFloat) < 1e-4 })
        #expect(bands[10...].allSatisfy { abs($0) < 1e-4 })
    }

    @Test(arguments: [(81, 81), (96, 130), (161, 143), (388, 374)])
    func decompositionIsInvertible(width: Int, height: Int) {
        let image = SyntheticPrint.image(width: width, height: height)
        var plane = image.pixels.map { Float($0) - 128 }
        let original = plane
        let layout = WSQSubbandLayout(width: width, height: height)
        WSQWaveletTransform(layout: layout, width: width, height: height, lowpass: WSQParameters.analysisLowpass,
                            highpass: WSQParameters.analysisHighpass, synthesis: false).decompose(&plane)
        #expect(plane != original)
        let filters = WSQTransformTable.standard
        WSQWaveletTransform(layout: layout, width: width, height: height, lowpass: filters.synthesisLowpass,
                            highpass: filters.synthesisHighpass, synthesis: true).reconstruct(&plane)
        let error = zip(original, plane).map { abs($0 - $1) }.max() ?? 0
        #expect(error < 1e-3)
    }

    @Test(arguments: [(1, 1), (2, 3), (7, 5), (16, 16), (33, 17), (81, 81), (97, 211), (296, 560), (300, 480),
                      (388, 374), (500, 500), (640, 480)])
    func subbandsTileTheImage(width: Int, height: Int) {
        let layout = WSQSubbandLayout(width: width, height: height)
        var cover = [Int](repeating: 0, count: width * height)
        for subband in layout.subbands {
            for y in subband.y..<(subband.y + subband.height) {
                for x in subband.x..<(subband.x + subband.width) { cover[y * width + x] += 1 }
            }
        }
        #expect(cover.allSatisfy { $0 == 1 })
    }

    @Test func layoutOfA500By500Image() {
        let layout = WSQSubbandLayout(width: 500, height: 500)
        #expect(layout.splits[19].region == WSQRegion(x: 0, y: 0, width: 32, height: 32))
        #expect(layout.subbands[0] == WSQRegion(x: 0, y: 0, width: 16, height: 16))
        #expect(layout.subbands[3] == WSQRegion(x: 16, y: 16, width: 16, height: 16))
        #expect(layout.subbands[59] == WSQRegion(x: 125, y: 375, width: 125, height: 125))
        #expect(layout.subbands[60] == WSQRegion(x: 250, y: 250, width: 125, height: 125))
    }

    @Test func transformTableMatchesNBISBytes() throws {
        let payload = WSQTransformTable.standard.payload()
        // The first stored taps of the DTT segment NBIS writes: 9 and 7 taps, then +0.852698573 as 852698573 × 10⁻⁹.
        #expect(Array(payload.prefix(8)) == [0x09, 0x07, 0x00, 0x09, 0x32, 0xD3, 0x25, 0xCD])
        #expect(payload.count == 56)
        var reader = WSQByteReader(payload)
        let table = try WSQTransformTable(reading: &reader)
        let lowpass = table.synthesisLowpass, highpass = table.synthesisHighpass
        #expect(lowpass.count == 7 && highpass.count == 9)
        #expect(abs(lowpass[3] - 0.788_485_6) < 1e-6 && abs(lowpass[2] - 0.418_092_3) < 1e-6)
        #expect(abs(highpass[4] - 0.852_698_7) < 1e-6 && abs(highpass[3] + 0.377_402_9) < 1e-6)
        #expect(lowpass == lowpass.reversed() && highpass == highpass.reversed())
    }
}

private extension Double {
    var asFloat: Float { Float(self) }
}
