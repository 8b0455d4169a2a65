import Fingerprint
import Foundation
import ImageCodecs
import Imaging
import Testing
import TestSupport

/// An image squeezed to half its height still matches its finger when its file says so (250 dpi
/// down, 500 across): it is read as square pixels, as docs/image.md says.
@Suite(.enabled(if: SharedData.isAvailable, "needs ../shared/data (FVC2002_DB1_B)"))
struct NonSquarePixelMatchingTests {
    /// FVC2002 DB1_B 101_2 at half its height, as BMP bytes stating `verticalDPI` down and 500 across.
    private func squeezedFile(verticalDPI: Double) throws -> [UInt8] {
        let image = try FVCImages.image("101_2")
        let squeezed = image.resized(width: image.width, height: image.height / 2, dpi: 500)
        var bytes = try ImageFile.encode(squeezed, as: .bmp)
        // BITMAPINFOHEADER: the vertical pixels per metre follow the horizontal ones, 42 bytes in.
        let perMetre = UInt32((verticalDPI / 0.0254).rounded())
        withUnsafeBytes(of: perMetre.littleEndian) { bytes.replaceSubrange(42..<46, with: $0) }
        return bytes
    }

    private func score(_ bytes: [UInt8]) throws -> Double {
        let features = SyntheticPrints.extractor.extract(try ImageFile.decode(bytes).image)
        var matcher = HostMatcher(probe: PreparedTemplate(try FVCImages.features101First.get()))
        return matcher.score(PreparedTemplate(features))
    }

    @Test func aSqueezedImageThatStatesItsResolutionMatchesItsFinger() throws {
        let stated = try score(try squeezedFile(verticalDPI: 250))
        let unstated = try score(try squeezedFile(verticalDPI: 500))
        #expect(Threshold.forFalseMatchRate(Threshold.defaultFalseMatchRate).accepts(stated), "score \(stated)")
        #expect(stated > 2 * unstated, "stated \(stated), taken as square \(unstated)")
    }
}
