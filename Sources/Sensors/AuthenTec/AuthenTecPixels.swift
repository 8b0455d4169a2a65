import Fingerprint

/// The pixel packing AuthenTec's AES chips share (libfprint 1.94.5's aes2501 driver): 4-bit pixels, column by
/// column, two rows to a byte with the even row in the low nibble; a nibble n is grey n × 17.
enum AuthenTecPixels {
    /// The `width` × `height` frame packed in `bytes` (at least width · height / 2 of them),
    /// pixel (x, y) in byte x · height/2 + ⌊y/2⌋.
    static func frame(_ bytes: ArraySlice<UInt8>, width: Int, height: Int) -> SwipeFrame {
        var pixels = [UInt8](repeating: 0, count: width * height)
        let start = bytes.startIndex, pairs = height / 2
        for x in 0..<width {
            let column = start + x * pairs
            for pair in 0..<pairs {
                let byte = bytes[column + pair]
                pixels[(2 * pair) * width + x] = (byte & 0x0f) &* 17
                pixels[(2 * pair + 1) * width + x] = (byte >> 4) &* 17
            }
        }
        return SwipeFrame(width: width, height: height, pixels: pixels)
    }
}
