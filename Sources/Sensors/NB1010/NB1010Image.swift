import Imaging

/// Puts the NB-1010's 90 image reads together: bytes 25…536 of each are two 256-pixel lines,
/// top line first (the image libfprint delivers, recorded as nb1010/capture.png).
enum NB1010Image {
    /// The 256 × 180 image, or what is wrong with the reads.
    static func assemble(_ partials: [[UInt8]], dpi: Double) -> Result<GrayImage, StripProblem> {
        typealias C = NB1010Commands
        guard partials.count == C.partialsPerImage else {
            return .failure(StripProblem("\(partials.count) image reads where \(C.partialsPerImage) were expected"))
        }
        let lineBytes = C.linesPerPartial * C.imageWidth
        var pixels: [UInt8] = []
        pixels.reserveCapacity(C.imageWidth * C.imageHeight)
        for (index, partial) in partials.enumerated() {
            guard partial.count >= C.partialHeaderLength + lineBytes else {
                return .failure(StripProblem("an image read of \(partial.count) bytes (read \(index + 1))"))
            }
            guard partial[0] == 0x80 else {
                return .failure(StripProblem("a corrupt image read \(index + 1) (starts 0x\(hex(partial[0])), expected 0x80)"))
            }
            pixels += partial[C.partialHeaderLength..<(C.partialHeaderLength + lineBytes)]
        }
        return .success(GrayImage(width: C.imageWidth, height: C.imageHeight, dpi: dpi, pixels: pixels))
    }
}
