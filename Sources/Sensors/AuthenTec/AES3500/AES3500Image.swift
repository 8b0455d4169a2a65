import Imaging

/// The AES3500's image reply: 8 frames stacked top to bottom, each a header byte and 128 × 16
/// AuthenTec nibbles, making the raw 128 × 128 image (ridges bright, upside down and mirrored;
/// the profile enlarges it ×2 and turns it upright as libfprint does).
enum AES3500Image {
    static let width = 128
    static let frameHeight = 16
    static let frames = 8

    /// The raw image of one reply, or why the reply cannot be one.
    static func decode(_ reply: [UInt8], dpi: Double) -> Result<GrayImage, StripProblem> {
        let frameBytes = 1 + width * frameHeight / 2
        guard reply.count >= frames * frameBytes else {
            return .failure(StripProblem("an image reply of \(reply.count) bytes, expected \(AES3500Steps.imageLength)"))
        }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * width)
        for frame in 0..<frames {
            let start = frame * frameBytes + 1
            pixels += AuthenTecPixels.frame(reply[start..<(start + frameBytes - 1)], width: width, height: frameHeight).pixels
        }
        return .success(GrayImage(width: width, height: frames * frameHeight, dpi: dpi, pixels: pixels))
    }
}
