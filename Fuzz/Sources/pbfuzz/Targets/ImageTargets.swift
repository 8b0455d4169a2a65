import ImageCodecs
import Imaging

/// The image front ends `pbtool image` and the enrollment tools read files with: WSQ (our own
/// decoder), PNG, TIFF, JPEG and JPEG 2000 (libpng, libtiff, libjpeg-turbo and OpenJPEG behind
/// Swift front ends), BMP and PGM in Swift.
enum ImageTargets {
    static let all = [wsq, png, tiff, bmp, pgm, jpeg, jpeg2000]

    static let wsq = target(.wsq, maximumLength: 65_536, extra: { bytes in
        _ = try? WSQCodec.header(bytes)
    })
    static let png = target(.png, maximumLength: 65_536)
    static let tiff = target(.tiff, maximumLength: 65_536)
    static let bmp = target(.bmp, maximumLength: 65_536)
    static let pgm = target(.pgm, maximumLength: 65_536)
    static let jpeg = target(.jpeg, maximumLength: 65_536)
    static let jpeg2000 = target(.jpeg2000, maximumLength: 65_536)

    /// `ImageFile.decode` and `ImageFile.info`, as `pbtool image info/convert` call them; a decoded
    /// image has exactly width × height pixels, matching what `info` reports (its height once
    /// pixels that are not square are made square, ``ImageInfo/squarePixelHeight``).
    private static func target(_ format: ImageFormat, maximumLength: Int,
                               extra: @escaping @Sendable ([UInt8]) -> Void = { _ in }) -> FuzzTarget {
        FuzzTarget(
            name: format.rawValue,
            summary: "ImageFile.decode/info on \(format.displayName) input; pixel count = width × height",
            maximumLength: maximumLength,
            run: { bytes in
                extra(bytes)
                let info = try? ImageFile.info(bytes)
                guard let decoded = try? ImageFile.decode(bytes) else { return }
                let image = decoded.image
                FuzzCheck.require(image.pixels.count == image.width * image.height,
                                  "\(image.pixels.count) pixels for \(image.width)×\(image.height)")
                if let info, format != .wsq {
                    let height = info.squarePixelHeight ?? info.height
                    FuzzCheck.require(info.width == image.width && height == image.height,
                                      "info says \(info.width)×\(info.height) read as \(info.width)×\(height), "
                                      + "decode gave \(image.width)×\(image.height)")
                }
            },
            seeds: { try ImageSeeds.seeds(for: format) })
    }
}
