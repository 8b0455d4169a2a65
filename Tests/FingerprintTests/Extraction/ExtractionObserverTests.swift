import Fingerprint
import Imaging
import Testing

@Suite struct ExtractionObserverTests {
    /// Keeps the size and resolution of every step it is shown.
    final class StepRecorder: ExtractionObserver {
        var steps: [(step: ExtractionStep, width: Int, height: Int, dpi: Double)] = []

        func record(_ step: ExtractionStep, render: () -> GrayImage) {
            let image = render()
            steps.append((step, image.width, image.height, image.dpi))
        }
    }

    @Test func everyStepIsReportedOnceInPipelineOrder() {
        let recorder = StepRecorder()
        let features = SyntheticPrints.extractor.extract(SyntheticPrints.whorlFirst.image, observer: recorder)
        #expect(recorder.steps.map(\.step) == ExtractionStep.allCases)
        // Working resolution is 500 dpi, the synthetic image's own: every picture is its size.
        #expect(recorder.steps.allSatisfy { $0.width == 240 && $0.height == 240 && $0.dpi == 500 })
        #expect(features == SyntheticPrints.whorlFirst.features, "observing changed the result")
    }

    @Test func stepsAreAtTheWorkingResolution() {
        let recorder = StepRecorder()
        let image = FeatureExtractorTests.upscaledTwice(SyntheticPrints.whorlFirst.image)
        _ = SyntheticPrints.extractor.extract(image, observer: recorder)
        #expect(recorder.steps.count == ExtractionStep.allCases.count)
        #expect(recorder.steps.allSatisfy { $0.width == 240 && $0.height == 240 && $0.dpi == 500 })
    }
}
