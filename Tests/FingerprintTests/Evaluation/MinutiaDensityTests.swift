import Fingerprint
import Foundation
import Testing
import TestSupport

/// Minutiae per mm² over their hull at the stated resolution, and the limit beyond which a record
/// is refused.
@Suite struct MinutiaDensityTests {
    /// A `side × side` grid of minutiae `spacing` pixels apart.
    private static func grid(side: Int, spacing: Double) -> [Minutia] {
        (0..<side * side).map { index in
            Minutia(x: 20 + Double(index % side) * spacing, y: 20 + Double(index / side) * spacing,
                    direction: 0, kind: .ending)
        }
    }

    @Test func countsMinutiaePerSquareMillimetreOfTheirHull() {
        // 25 minutiae on a 4 × 4 mm square at 500 dpi (78.74 px = 4 mm).
        let density = MinutiaDensity(Self.grid(side: 5, spacing: 500 / 25.4), resolution: ScanResolution(dpi: 500))
        #expect(density.minutiae == 25)
        #expect(abs(density.perSquareMillimetre - 25.0 / 16) < 0.05, "\(density)")
        #expect(!density.isPlausible)
    }

    /// The same minutiae said to be at a quarter of the resolution span 16 times the area.
    @Test func theStatedResolutionSetsTheScale() {
        let minutiae = Self.grid(side: 5, spacing: 500 / 25.4)
        let density = MinutiaDensity(minutiae, resolution: ScanResolution(dpi: 125))
        #expect(abs(density.perSquareMillimetre - 25.0 / 256) < 0.01)
        #expect(density.isPlausible)
        var record = MinutiaeRecord(imageWidth: 400, imageHeight: 400, resolution: ScanResolution(dpi: 125), minutiae: minutiae)
        #expect(MinutiaDensity(record) == density)
        record.resolution = ScanResolution(dpi: 500)
        #expect(!EvaluationTemplate(record).isPlausible)
    }

    /// Too few minutiae to judge, or minutiae on a line (no area), are let through.
    @Test func fewOrCollinearMinutiaeAreNotJudged() {
        let few = MinutiaDensity(Self.grid(side: 3, spacing: 5), resolution: ScanResolution(dpi: 500))
        #expect(few.minutiae == 9 && few.isPlausible)
        let line = (0..<20).map { Minutia(x: Double($0) * 3, y: 50, direction: 0, kind: .bifurcation) }
        let flat = MinutiaDensity(line, resolution: ScanResolution(dpi: 500))
        #expect(flat.perSquareMillimetre == 0 && flat.isPlausible)
    }

    /// pbtool's own extraction is judged at the resolution its image stated: the same minutiae
    /// from an image that states four times the resolution it has (as a squeezed image still
    /// saying 500 dpi does) are refused.
    @Test func ownExtractionsAreJudgedAtTheirImagesResolution() {
        var features = ProtocolScoresTests.features[0]
        #expect(EvaluationTemplate(features).isPlausible)
        features.dpi *= 4
        let overstated = EvaluationTemplate(features)
        #expect(overstated.density.perSquareMillimetre > MinutiaDensity.plausibleLimit)
        #expect(!overstated.isPlausible)
    }

    /// The vendor's record of FVC2004 DB1_B 102_1, from a 640×480 image squeezed to 300×400 that
    /// still says 500 dpi, is refused; its record of FVC2002 DB2_B 101_1 is not.
    @Test(.enabled(if: SharedData.isAvailable, "needs ../shared/data (fingerprint sets)"))
    func aSqueezedVendorRecordIsRefused() throws {
        func record(_ set: String, _ name: String) throws -> MinutiaeRecord {
            try MinutiaeRecord(bytes: Data(contentsOf: SharedData.url("fingerprints/iso-templates/\(set)/\(name).iso")))
        }
        let squeezed = MinutiaDensity(try record("FVC2004_DB1_B", "102_1"))
        #expect(!squeezed.isPlausible && squeezed.perSquareMillimetre > 1, "\(squeezed)")
        #expect(MinutiaDensity(try record("FVC2002_DB2_B", "101_1")).isPlausible)
    }
}
