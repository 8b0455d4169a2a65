import Foundation
import ImageCodecs
import Imaging

/// Starting inputs for the image targets: small synthetic pictures (ridge-like stripes, as
/// Tests/ImageCodecsTests/Support/SyntheticPrint.swift draws them) written by the codecs, in gray
/// and, where pbtool writes it, RGB; JPEG at two qualities and JPEG 2000 lossless and lossy; plus
/// a few odd sizes.
enum ImageSeeds {
    static func seeds(for format: ImageFormat) throws -> [FuzzSeed] {
        var seeds: [FuzzSeed] = []
        for (name, image) in images(for: format) {
            seeds.append(FuzzSeed("gray-\(name)", try ImageFile.encode(image, as: format)))
            if [.png, .tiff, .bmp].contains(format) {
                seeds.append(FuzzSeed("rgb-\(name)", try ImageFile.encode(RGBImage(image), as: format)))
            }
            if let options = lossyVariant(of: format) {
                seeds.append(FuzzSeed("lossy-\(name)", try ImageFile.encode(image, as: format, options: options)))
            }
        }
        return seeds
    }

    /// A second setting for the formats that have one: JPEG at quality 30, JPEG 2000 at 1 bit per pixel.
    private static func lossyVariant(of format: ImageFormat) -> ImageFile.EncodingOptions? {
        switch format {
        case .jpeg: ImageFile.EncodingOptions(jpegQuality: 30)
        case .jpeg2000: ImageFile.EncodingOptions(jpeg2000BitRate: 1)
        default: nil
        }
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
