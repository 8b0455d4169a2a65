import Foundation
import ImageCodecs
import Imaging

/// Starting inputs for the image targets: small synthetic pictures (ridge-like stripes, as
/// Tests/ImageCodecsTests/Support/SyntheticPrint.swift draws them) written by the codecs, in gray
/// and, where the format holds it, RGB; plus a few odd sizes.
enum ImageSeeds {
    static func seeds(for format: ImageFormat) throws -> [FuzzSeed] {
        var seeds: [FuzzSeed] = []
        for (name, image) in images(for: format) {
            seeds.append(FuzzSeed("gray-\(name)", try ImageFile.encode(image, as: format)))
            if format != .pgm && format != .wsq {
                seeds.append(FuzzSeed("rgb-\(name)", try ImageFile.encode(RGBImage(image), as: format)))
            }
        }
        return seeds
    }

    /// WSQ needs at least a few wavelet levels' worth of pixels; the others take any size.
    private static func images(for format: ImageFormat) -> [(String, GrayImage)] {
        let sizes = format == .wsq ? [(64, 64), (96, 80)] : [(1, 1), (7, 5), (32, 24)]
        return sizes.map { width, height in ("\(width)x\(height)", stripes(width: width, height: height)) }
    }

    /// Diagonal stripes with an 8-pixel period, dark ridges on a light ground.
    static func stripes(width: Int, height: Int) -> GrayImage {
        var pixels = [UInt8](repeating: 255, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let phase = Double(x + y) * (2 * Double.pi / 8)
                pixels[y * width + x] = UInt8(127.5 + 100 * sin(phase))
            }
        }
        return GrayImage(width: width, height: height, dpi: 500, pixels: pixels)
    }
}
