import Imaging
import Testing
@testable import FingerprintSynthesis

#if canImport(Glibc)
import Glibc
#endif

@Suite struct RidgePeriodEstimatorTests {
    private func stripes(period: Double, angle: Double, size: Int = 160) -> GrayImage {
        var image = GrayImage(width: size, height: size)
        let normal = (-sin(angle), cos(angle))
        for y in 0..<size {
            for x in 0..<size {
                let phase = (Double(x) * normal.0 + Double(y) * normal.1) / period * 2 * .pi
                image[x, y] = UInt8(128 + 100 * cos(phase))
            }
        }
        return image
    }

    @Test(arguments: [(9.0, 0.0), (9.0, 0.5), (10.5, 1.2), (7.5, 2.8)])
    func measuresStripesAtAnyAngle(period: Double, angle: Double) throws {
        let measured = try #require(RidgePeriodEstimator().medianPeriod(stripes(period: period, angle: angle)))
        #expect(abs(measured - period) < 0.35, "measured \(measured) for \(period)")
    }

    @Test func flatImagesHaveNoPeriod() {
        #expect(RidgePeriodEstimator().medianPeriod(GrayImage(width: 128, height: 128, fill: 200)) == nil)
    }
}
