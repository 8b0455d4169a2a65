import Fingerprint

/// One Elan frame: the sensor's 16-bit pixels, turned from its portrait rows into the swipe's
/// landscape frame, cropped to the middle rows, the background subtracted, and squeezed into
/// 8 bits in thirds (libfprint's elan driver).
struct ElanFrame {
    /// The raw frame's size as the sensor reports it: `rawHeight` pixels per raw row, `width` rows.
    let width: Int
    let rawHeight: Int
    /// Rows kept from the middle of the raw height (libfprint: at most 50).
    let height: Int

    /// The raw bytes of one frame read.
    var byteCount: Int { width * rawHeight * 2 }

    /// The cropped 16-bit frame: pixel (x, y) is raw pixel margin + y + x · rawHeight.
    func pixels(_ raw: [UInt8]) -> [UInt16] {
        let margin = (rawHeight - height) / 2
        var pixels = [UInt16](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let index = 2 * (margin + y + x * rawHeight)
                pixels[y * width + x] = UInt16(raw[index]) | UInt16(raw[index + 1]) << 8
            }
        }
        return pixels
    }

    /// frame − background, 0 where the background is brighter; nil when nothing is left (the
    /// finger was down while the background was taken).
    static func subtract(_ background: [UInt16], from frame: [UInt16]) -> [UInt16]? {
        let difference = zip(frame, background).map { $0 > $1 ? $0 - $1 : 0 }
        return difference.contains { $0 != 0 } ? difference : nil
    }

    /// 16 bits to 8 in thirds: the darkest 30 % map to 0…99, the next 35 % to 99…155, the
    /// brightest 35 % to 155…255, each linearly between its levels.
    func squeezed(_ pixels: [UInt16]) -> SwipeFrame {
        let sorted = pixels.sorted()
        let level0 = Int(sorted[0])
        let level1 = max(Int(sorted[pixels.count * 3 / 10]), level0 + 1)
        let level2 = max(Int(sorted[pixels.count * 65 / 100]), level1 + 1)
        let level3 = max(Int(sorted[pixels.count - 1]), level2 + 1)
        let bytes = pixels.map { pixel -> UInt8 in
            let value = Int(pixel)
            let mapped = if value < level1 {
                (value - level0) * 99 / (level1 - level0)
            } else if value < level2 {
                99 + (value - level1) * 56 / (level2 - level1)
            } else {
                155 + (value - level2) * 100 / (level3 - level2)
            }
            return UInt8(truncatingIfNeeded: mapped)
        }
        return SwipeFrame(width: width, height: height, pixels: bytes)
    }
}
