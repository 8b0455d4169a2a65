import Imaging
import Testing

@Suite struct GrayImageTests {
    let image = GrayImage(width: 4, height: 3, dpi: 500, pixels: Array(0..<12))

    @Test func subscriptIsRowMajor() {
        #expect(image[0, 0] == 0)
        #expect(image[3, 0] == 3)
        #expect(image[1, 2] == 9)
        #expect(Array(image.row(1)) == [4, 5, 6, 7])
    }

    @Test func cropKeepsPixelsAndResolution() {
        let crop = image.cropped(to: PixelRect(x: 1, y: 1, width: 2, height: 2))
        #expect(crop.width == 2 && crop.height == 2)
        #expect(crop.pixels == [5, 6, 9, 10])
        #expect(crop.dpi == 500)
    }

    @Test func regionIsClippedToTheImage() {
        let region = image.region(PixelRect(x: 2, y: 1, width: 10, height: 10))
        #expect(region.width == 2 && region.height == 2)
        #expect(region[0, 0] == 6)
        #expect(region.materialized().pixels == [6, 7, 10, 11])
    }

    @Test func disjointRectanglesIntersectEmpty() {
        let a = PixelRect(x: 0, y: 0, width: 2, height: 2)
        let b = PixelRect(x: 5, y: 5, width: 2, height: 2)
        #expect(a.intersection(b).area == 0)
    }
}
