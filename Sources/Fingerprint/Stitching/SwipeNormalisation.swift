import Imaging

/// Turns an assembled swipe upright with dark ridges on white, the way libfprint's image flags
/// do before minutiae detection (libfprint 1.94.5's aes2501 and vfs5011 drivers).
public struct SwipeNormalisation: Sendable, Hashable {
    /// Mirror left–right.
    public var flipsHorizontally: Bool
    /// Turn upside down.
    public var flipsVertically: Bool
    /// v → 255 − v.
    public var inverts: Bool

    public init(flipsHorizontally: Bool = false, flipsVertically: Bool = false, inverts: Bool = false) {
        self.flipsHorizontally = flipsHorizontally
        self.flipsVertically = flipsVertically
        self.inverts = inverts
    }

    /// Leaves the image as it is.
    public static let none = SwipeNormalisation()

    /// The normalised copy of `image`.
    public func apply(to image: GrayImage) -> GrayImage {
        guard flipsHorizontally || flipsVertically || inverts else { return image }
        let width = image.width, height = image.height
        var pixels = [UInt8](repeating: 0, count: width * height)
        let mask: UInt8 = inverts ? 0xff : 0
        image.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    let sourceRow = (flipsVertically ? height - 1 - y : y) * width
                    let targetRow = y * width
                    for x in 0..<width {
                        let sourceX = flipsHorizontally ? width - 1 - x : x
                        target[targetRow + x] = source[sourceRow + sourceX] ^ mask
                    }
                }
            }
        }
        return GrayImage(width: width, height: height, dpi: image.dpi, pixels: pixels)
    }
}

/// The normalisation for each swipe direction of a frame-based sensor.
public struct DirectionalNormalisation: Sendable, Hashable {
    /// For swipes the stitcher judged forward.
    public var forward: SwipeNormalisation
    /// For reverse swipes.
    public var reverse: SwipeNormalisation

    public init(forward: SwipeNormalisation, reverse: SwipeNormalisation) {
        self.forward = forward
        self.reverse = reverse
    }

    public init(_ both: SwipeNormalisation) {
        self.init(forward: both, reverse: both)
    }

    /// The normalisation for `direction`.
    public subscript(direction: SwipeDirection) -> SwipeNormalisation {
        direction == .forward ? forward : reverse
    }
}
