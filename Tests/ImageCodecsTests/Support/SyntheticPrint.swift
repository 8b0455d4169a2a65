import Foundation
import Imaging

/// Fingerprint-like test images that need no files: ridges about 9 pixels apart whose direction
/// turns across the image, with a little deterministic noise.
enum SyntheticPrint {
    static func image(width: Int, height: Int, dpi: Double = 500, seed: UInt32 = 1) -> GrayImage {
        var state = seed
        var pixels = [UInt8](repeating: 0, count: width * height)
        let centerX = Double(width) * 0.45, centerY = Double(height) * 0.4
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_664_525 &+ 1_013_904_223
                let dx = Double(x) - centerX, dy = Double(y) - centerY
                let phase = (dx * dx * 0.8 + dy * dy).squareRoot() * 2 * .pi / 9
                let value = 128 + 80 * sin(phase) + Double(state >> 27) - 16
                pixels[y * width + x] = UInt8(max(0, min(255, value)))
            }
        }
        return GrayImage(width: width, height: height, dpi: dpi, pixels: pixels)
    }

    /// Deterministic pseudo-random numbers in 0..<1 for fuzzing.
    struct Generator {
        private var state: UInt64

        init(seed: UInt64) { state = seed }

        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }

        mutating func below(_ limit: Int) -> Int { Int(next() % UInt64(limit)) }
    }
}
