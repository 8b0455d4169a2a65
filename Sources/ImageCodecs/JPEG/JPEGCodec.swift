internal import CJPEG
import Imaging

/// JPEG (ITU-T T.81, JFIF 1.02) through libjpeg-turbo's libjpeg API.
///
/// Reads baseline and progressive files, gray or YCbCr (decoded to the luma channel, which is the
/// BT.601 weighting ``Luma`` uses for the other formats); refuses CMYK. A truncated or corrupt file
/// is an error, where libjpeg alone would warn and fill the rest with gray. Writes baseline 8-bit
/// gray with a JFIF header recording the resolution in dots per inch.
enum JPEGCodec {
    /// The quality `pbtool` writes at unless told otherwise (libjpeg's scale, 1–100).
    static let defaultQuality = 90

    static func decode(_ bytes: [UInt8]) throws(ImageCodecError) -> DecodedImage {
        let picture = try read(bytes, headerOnly: false)
        defer { free(picture.pixels) }
        let count = Int(picture.width) * Int(picture.height)
        let levels = [UInt8](UnsafeBufferPointer(start: picture.pixels, count: count))
        let image = GrayImage(width: Int(picture.width), height: Int(picture.height), pixels: levels)
        return DecodedImage(image: image, info: info(picture))
    }

    /// What the headers say, without decoding the picture.
    static func info(_ bytes: [UInt8]) throws(ImageCodecError) -> ImageInfo {
        info(try read(bytes, headerOnly: true))
    }

    /// A baseline gray JFIF file at `quality` (1–100).
    static func encode(_ image: GrayImage, quality: Int = defaultQuality) throws(ImageCodecError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw .cannotEncode(.jpeg, "the image has no pixels") }
        guard image.width <= Int(JPEG_MAX_DIMENSION), image.height <= Int(JPEG_MAX_DIMENSION) else {
            throw .cannotEncode(.jpeg, "\(image.width)×\(image.height) exceeds JPEG's \(JPEG_MAX_DIMENSION) pixels a side")
        }
        guard (1...100).contains(quality) else { throw .cannotEncode(.jpeg, "quality \(quality) is not 1–100") }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var message = [CChar](repeating: 0, count: Int(JMSG_LENGTH_MAX))
        let dpi = UInt16(min(image.dpi.clampedForHeader, Double(UInt16.max)))
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            cjpeg_encode(pixels.baseAddress, UInt32(image.width), UInt32(image.height), Int32(quality), dpi,
                         &output, &size, &message)
        }
        defer { free(output) }
        guard status == 0, let output else {
            throw .cannotEncode(.jpeg, "libjpeg: \(String(decoding: message.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self))")
        }
        return [UInt8](UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// Runs `cjpeg_decode`; the caller frees `pixels`.
    private static func read(_ bytes: [UInt8], headerOnly: Bool) throws(ImageCodecError) -> cjpeg_picture {
        guard !bytes.isEmpty else { throw .truncated(.jpeg, "the file is empty") }
        var picture = cjpeg_picture()
        let status = bytes.withUnsafeBufferPointer { buffer in
            cjpeg_decode(buffer.baseAddress, buffer.count, headerOnly ? 1 : 0, UInt64(ImageLimits.maxPixels), &picture)
        }
        // -2: more pixels than ImageLimits allows, which the check below reports.
        guard status != -1 else { throw error(picture) }
        try ImageLimits.check(width: Int(picture.width), height: Int(picture.height), format: .jpeg)
        return picture
    }

    /// libjpeg's message as an error: running out of data is truncation, a colour space pbtool cannot
    /// turn into gray is an unsupported variant, anything else corruption.
    private static func error(_ picture: cjpeg_picture) -> ImageCodecError {
        let text = withUnsafeBytes(of: picture.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch J_MESSAGE_CODE(UInt32(picture.code)) {
        case JWRN_JPEG_EOF, JERR_INPUT_EMPTY, JERR_INPUT_EOF, JERR_NO_IMAGE:
            return .truncated(.jpeg, "libjpeg: \(text)")
        case JERR_CONVERSION_NOTIMPL:
            return .unsupportedVariant(.jpeg, "libjpeg: \(text) (pbtool reads gray and YCbCr JPEG, not CMYK)")
        default:
            return .malformed(.jpeg, "libjpeg: \(text)")
        }
    }

    /// Dots per inch from a JFIF density in `unit` (1 per inch, 2 per centimetre); nil for 0,
    /// which gives only the pixels' aspect ratio.
    private static func density(_ value: UInt16, unit: Int32) -> Double? {
        switch unit {
        case 1: Double(value)
        case 2: (Double(value) * 2.54 * 10).rounded() / 10
        default: nil
        }
    }

    private static func info(_ picture: cjpeg_picture) -> ImageInfo {
        let dpi = density(picture.x_density, unit: picture.density_unit)
        let verticalDPI = density(picture.y_density, unit: picture.density_unit)
        let layout: ImageInfo.PixelLayout = picture.components == 1 ? .gray : .rgb
        return ImageInfo(format: .jpeg, width: Int(picture.width), height: Int(picture.height), bitDepth: 8,
                         layout: layout, storedDPI: dpi, storedVerticalDPI: verticalDPI,
                         fields: [ImageInfo.Field("colour space", colourSpaceName(picture.color_space)),
                                  ImageInfo.Field("components", String(picture.components)),
                                  ImageInfo.Field("coding", picture.progressive != 0 ? "progressive" : "sequential"),
                                  ImageInfo.Field("JFIF", picture.has_jfif != 0 ? "yes" : "no")])
    }

    private static func colourSpaceName(_ space: Int32) -> String {
        switch J_COLOR_SPACE(UInt32(space)) {
        case JCS_GRAYSCALE: "gray"
        case JCS_YCbCr: "YCbCr"
        case JCS_RGB: "RGB"
        case JCS_CMYK: "CMYK"
        case JCS_YCCK: "YCCK"
        default: "unknown (\(space))"
        }
    }
}
