import Imaging
import Testing

@Suite struct GrayImageResizingTests {
    /// A left-to-right ramp 0…255 over `width` pixels, `height` rows.
    private func ramp(width: Int, height: Int) -> GrayImage {
        GrayImage(width: width, height: height, dpi: 500,
                  pixels: (0..<height).flatMap { _ in (0..<width).map { UInt8($0 * 255 / (width - 1)) } })
    }

    @Test func takesTheRequestedSizeAndResolution() {
        let resized = ramp(width: 388, height: 374).resized(width: 300, height: 400, dpi: 500.38)
        #expect(resized.width == 300 && resized.height == 400 && resized.dpi == 500.38)
    }

    @Test func aUniformImageStaysUniform() {
        let grey = GrayImage(width: 64, height: 48, dpi: 500, fill: 137)
        for (width, height) in [(30, 40), (100, 20), (64, 48)] {
            #expect(Set(grey.resized(width: width, height: height, dpi: 500).pixels) == [137])
        }
    }

    /// Shrinking and enlarging both keep a ramp a ramp: never decreasing along a row, the same in
    /// every row (within a level: each row's weights are rounded on their own).
    @Test(arguments: [(388, 300), (200, 300), (640, 300)])
    func aRampStaysARamp(source: Int, target: Int) {
        let resized = ramp(width: source, height: 10).resized(width: target, height: 7, dpi: 500)
        let row = Array(resized.row(3))
        #expect(zip(row, row.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(row.first! <= 2 && row.last! >= 253)
        #expect((0..<7).allSatisfy { zip(resized.row($0), row).allSatisfy { abs(Int($0) - Int($1)) <= 1 } })
    }

    /// Shrinking by 2 averages: a one-pixel checkerboard becomes mid-grey instead of aliasing.
    @Test func shrinkingAverages() {
        let checker = GrayImage(width: 40, height: 40, dpi: 500,
                                pixels: (0..<1600).map { ($0 % 40 + $0 / 40) % 2 == 0 ? 0 : 255 })
        let half = checker.resized(width: 20, height: 20, dpi: 250)
        #expect(half.pixels[5 * 20 + 5...5 * 20 + 15].allSatisfy { (100...155).contains($0) }, "\(half.pixels[100..<120])")
    }
}
