import Fingerprint
import Testing
import TestSupport

@Suite(.enabled(if: SharedData.isAvailable, "needs ../shared/data (FVC2002_DB1_B)"))
struct RealImageExtractionTests {
    @Test func fvcImageGivesASaneMinutiaeSet() throws {
        let image = try FVCImages.first101.get()
        let features = try FVCImages.features101First.get()
        #expect((15...80).contains(features.minutiae.count), "\(features.minutiae.count) minutiae")
        #expect(features.width == image.width && features.height == image.height && features.dpi == 500)
        #expect((30...100).contains(features.quality), "quality \(features.quality)")
        #expect(features.minutiae.contains { $0.kind == .ending } && features.minutiae.contains { $0.kind == .bifurcation })
        for minutia in features.minutiae {
            #expect(features.foreground.contains(x: minutia.x, y: minutia.y))
        }
    }

    @Test func sameImageGivesTheSameMinutiae() throws {
        let again = SyntheticPrints.extractor.extract(try FVCImages.first101.get())
        #expect(again == (try FVCImages.features101First.get()))
    }
}
