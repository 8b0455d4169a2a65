import Imaging

/// One VFS7552 frame: 112 lines of 112 pixels, sent in chunks of whole lines.
///
/// A chunk is a 6-byte header whose bytes 2–3 (little-endian) count the line bytes that follow,
/// then lines of 8 control bytes and 112 pixels.
struct VFS7552Frame {
    static let width = 112
    static let height = 112
    static let controlBytes = 8
    static let headerBytes = 6
    static var lineBytes: Int { controlBytes + width }

    /// The lines so far, row-major.
    private(set) var pixels: [UInt8] = []

    /// Whether all 112 lines are in.
    var isComplete: Bool { pixels.count == Self.width * Self.height }

    /// Adds the lines of one chunk, or says why the chunk is corrupt.
    mutating func add(chunk: [UInt8]) -> StripProblem? {
        guard chunk.count >= Self.headerBytes else { return StripProblem("an image chunk of \(chunk.count) bytes") }
        let length = Int(chunk[2]) | Int(chunk[3]) << 8
        guard chunk.count >= Self.headerBytes + length else {
            return StripProblem("an image chunk announcing \(length) bytes but carrying \(chunk.count - Self.headerBytes)")
        }
        let lines = length / Self.lineBytes
        guard pixels.count / Self.width + lines <= Self.height else {
            return StripProblem("an image chunk with more lines than a frame holds")
        }
        for line in 0..<lines {
            let start = Self.headerBytes + line * Self.lineBytes + Self.controlBytes
            pixels += chunk[start..<(start + Self.width)]
        }
        return nil
    }

    /// The frame as an image.
    func image(dpi: Double) -> GrayImage {
        GrayImage(width: Self.width, height: Self.height, dpi: dpi, pixels: pixels)
    }
}
