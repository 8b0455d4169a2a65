import Fingerprint
import FingerprintSynthesis
import Foundation
import Imaging
import Testing

@Suite struct FeatureExtractorTests {
    static let sample = SyntheticPrints.whorlFirst

    /// Share of `truth` with an extracted minutia within `radius` pixels, and the direction
    /// errors (radians, 0…π) of those nearest neighbours.
    static func recall(of truth: [Minutia], in found: [Minutia], radius: Double) -> (share: Double, turns: [Double]) {
        var turns: [Double] = []
        for minutia in truth {
            guard let nearest = found.min(by: { distance($0, minutia) < distance($1, minutia) }),
                  distance(nearest, minutia) <= radius else { continue }
            let turn = abs(nearest.direction - minutia.direction).truncatingRemainder(dividingBy: 2 * .pi)
            turns.append(min(turn, 2 * .pi - turn))
        }
        return (Double(turns.count) / Double(max(truth.count, 1)), turns)
    }

    static func distance(_ a: Minutia, _ b: Minutia) -> Double {
        hypot(a.x - b.x, a.y - b.y)
    }

    @Test func syntheticPrintGivesAPlausibleMinutiaeSet() {
        let features = Self.sample.features
        let truth = Self.sample.impression.minutiae
        #expect(features.minutiae.count >= truth.count / 2 && features.minutiae.count <= 3 * truth.count + 10,
                "\(features.minutiae.count) found, \(truth.count) in the ground truth")
        #expect(features.width == 240 && features.height == 240 && features.dpi == 500)
        let qualities = features.minutiae.map(\.quality)
        #expect(qualities == qualities.sorted(by: >), "minutiae are not best-first")
        #expect(features.minutiae.allSatisfy { (0...100).contains($0.quality) && (0..<(2 * .pi)).contains($0.direction) })
    }

    /// Most true minutiae are found within about one ridge period, pointing the same way
    /// (ISO/IEC 19794-2 direction convention on both sides).
    @Test func extractedMinutiaeLieOnTheGroundTruth() {
        let truth = Self.sample.impression.minutiae
        let (share, turns) = Self.recall(of: truth, in: Self.sample.features.minutiae, radius: 9)
        #expect(share >= 0.5, "only \(Int(share * 100)) % of \(truth.count) true minutiae found")
        let aligned = turns.filter { $0 < .pi / 4 }.count
        #expect(Double(aligned) >= 0.75 * Double(turns.count), "\(aligned) of \(turns.count) point the same way")
    }

    @Test func minutiaeLieInsideTheForegroundAndTheImage() {
        let features = Self.sample.features
        let scale = features.foreground.resolution / features.dpi
        for minutia in features.minutiae {
            #expect(minutia.x >= 0 && minutia.y >= 0 && minutia.x < 240 && minutia.y < 240)
            #expect(features.foreground.contains(x: minutia.x * scale, y: minutia.y * scale),
                    "(\(minutia.x), \(minutia.y)) is outside the foreground")
        }
        let seen = features.foreground.flags.filter { $0 }.count
        #expect(seen > 0 && seen < features.foreground.flags.count, "the foreground should cover the finger only")
    }

    @Test func qualityIsInRangeAndRanksImages() {
        let good = Self.sample.features.quality
        #expect((0...100).contains(good) && good >= 50, "quality \(good)")
        let blank = SyntheticPrints.extractor.extract(GrayImage(width: 240, height: 240, fill: 255))
        #expect(blank.quality == 0)
    }

    @Test(arguments: [UInt8(255), 0, 128])
    func flatImagesHaveNoMinutiae(level: UInt8) {
        let features = SyntheticPrints.extractor.extract(GrayImage(width: 200, height: 160, fill: level))
        #expect(features.minutiae.isEmpty && features.quality == 0)
        #expect(features.width == 200 && features.height == 160)
    }

    /// Smaller than one block, a single pixel, a strip: an outcome, never a trap.
    @Test(arguments: [(1, 1), (3, 5), (16, 16), (300, 4)])
    func tinyImagesGiveAnEmptyResult(width: Int, height: Int) {
        let pixels = (0..<(width * height)).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        let features = SyntheticPrints.extractor.extract(GrayImage(width: width, height: height, pixels: pixels))
        #expect(features.minutiae.count <= 2)
        #expect((0...100).contains(features.quality))
    }

    @Test func extractionIsDeterministic() {
        let again = SyntheticPrints.extractor.extract(Self.sample.image)
        #expect(again == Self.sample.features)
    }

    /// The same finger scanned at twice the resolution: positions come back in the input's pixels
    /// (twice as large), and the found minutiae are the same ones.
    @Test func resolutionScalesPositions() {
        let doubled = Self.upscaledTwice(Self.sample.image)
        let features = SyntheticPrints.extractor.extract(doubled)
        #expect(features.dpi == 1_000 && features.width == 480 && features.height == 480)
        let halved = features.minutiae.map { Minutia(x: $0.x / 2, y: $0.y / 2, direction: $0.direction, kind: $0.kind) }
        let (share, turns) = Self.recall(of: Self.sample.features.minutiae, in: halved, radius: 5)
        #expect(share >= 0.6, "only \(Int(share * 100)) % of the 500 dpi minutiae found at 1000 dpi")
        #expect(turns.filter { $0 < .pi / 6 }.count >= turns.count * 3 / 4)
        #expect(halved.allSatisfy { $0.x < 240 && $0.y < 240 })
    }

    /// Bilinear ×2, declared at 1000 dpi.
    static func upscaledTwice(_ image: GrayImage) -> GrayImage {
        let width = image.width * 2, height = image.height * 2
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            let sy = min(max((Double(y) + 0.5) / 2 - 0.5, 0), Double(image.height - 1))
            let y0 = Int(sy), y1 = min(y0 + 1, image.height - 1), fy = sy - Double(y0)
            for x in 0..<width {
                let sx = min(max((Double(x) + 0.5) / 2 - 0.5, 0), Double(image.width - 1))
                let x0 = Int(sx), x1 = min(x0 + 1, image.width - 1), fx = sx - Double(x0)
                let top = Double(image[x0, y0]) * (1 - fx) + Double(image[x1, y0]) * fx
                let bottom = Double(image[x0, y1]) * (1 - fx) + Double(image[x1, y1]) * fx
                pixels[y * width + x] = UInt8((top * (1 - fy) + bottom * fy).rounded())
            }
        }
        return GrayImage(width: width, height: height, dpi: 1_000, pixels: pixels)
    }
}
