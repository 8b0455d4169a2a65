/// One 2-D strip from a frame-based swipe sensor (AES2501: 192×16), 8 bits per pixel.
///
/// Rows run along the swipe, columns across the finger; row-major, top row first. Pixel
/// meaning is the sensor's own: ridges may be bright (AES2501) until the image is normalised.
public struct SwipeFrame: Sendable, Hashable {
    /// Pixels across the finger.
    public let width: Int
    /// Rows along the swipe.
    public let height: Int
    /// Row-major, `width × height` values.
    public let pixels: [UInt8]

    /// Wraps `pixels`, which must hold exactly `width × height` values.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height,
                     "\(pixels.count) pixels do not fill a \(width)×\(height) frame")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> UInt8 {
        pixels[y * width + x]
    }
}

/// Which way the finger crossed the sensor, as the stitcher decided it.
public enum SwipeDirection: String, Sendable, Hashable, Codable {
    /// Later frames lie further down the assembled canvas.
    case forward
    /// Later frames lie further up; the canvas is filled bottom-up.
    case reverse
}

/// How far one frame lies from the one before it on the canvas, in pixels.
public struct FrameShift: Sendable, Hashable, CustomStringConvertible {
    /// Across the finger; positive is to the right.
    public var dx: Int
    /// Along the swipe; positive is down the canvas.
    public var dy: Int

    public init(dx: Int, dy: Int) {
        self.dx = dx
        self.dy = dy
    }

    /// No movement; the first frame's shift.
    public static let zero = FrameShift(dx: 0, dy: 0)

    public var description: String { "(\(dx), \(dy))" }
}

/// The movement estimated between consecutive frames of one swipe.
public struct FrameMotion: Sendable, Hashable {
    /// The direction with the lower average score.
    public let direction: SwipeDirection
    /// One shift per frame; the first is always ``FrameShift/zero``.
    public let shifts: [FrameShift]
    /// The winning difference score of each consecutive pair in the chosen direction.
    public let pairScores: [Int]
    /// Average winning score of the forward pass (sum over pairs ÷ frame count). For the losing
    /// direction this may be a lower bound that already proved it loses.
    public let forwardScore: Int
    /// Average winning score of the reverse pass (same caveat).
    public let reverseScore: Int

    /// Σ dy over all frames: the canvas height minus one frame height (negative when reverse).
    public var totalDy: Int { shifts.reduce(0) { $0 + $1.dy } }
    /// Σ dx over all frames: the sideways drift.
    public var totalDx: Int { shifts.reduce(0) { $0 + $1.dx } }
}
