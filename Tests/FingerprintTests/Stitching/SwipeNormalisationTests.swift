import Imaging
import Testing
@testable import Fingerprint

@Suite struct SwipeNormalisationTests {
    let image = GrayImage(width: 3, height: 2, pixels: [1, 2, 3, 4, 5, 6])

    @Test func rotationAndInversion() {
        let turned = SwipeNormalisation(flipsHorizontally: true, flipsVertically: true, inverts: true).apply(to: image)
        #expect(turned.pixels == [249, 250, 251, 252, 253, 254])
    }

    @Test func verticalFlipOnly() {
        #expect(SwipeNormalisation(flipsVertically: true).apply(to: image).pixels == [4, 5, 6, 1, 2, 3])
        #expect(SwipeNormalisation(flipsHorizontally: true).apply(to: image).pixels == [3, 2, 1, 6, 5, 4])
        #expect(SwipeNormalisation.none.apply(to: image) == image)
    }

    @Test func directionPicksItsNormalisation() {
        let both = DirectionalNormalisation(forward: SwipeNormalisation(inverts: true), reverse: .none)
        #expect(both[.forward].inverts && !both[.reverse].inverts)
    }
}
