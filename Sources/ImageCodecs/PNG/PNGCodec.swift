internal import CPNG
import Imaging

/// PNG through libpng's simplified API (`png_image_*`), which reports errors in the `png_image`
/// structure instead of longjmp-ing through Swift frames.
///
/// Reads gray, gray+alpha, RGB, RGBA (converted to gray, alpha composited on white) and palettes of
/// grays at 1–8 bits; rejects 16-bit samples and colour palettes. Writes 8-bit gray or RGB with a
/// pHYs chunk recording the resolution.
enum PNGCodec {
    static func decode(_ bytes: [UInt8]) throws(ImageCodecError) -> DecodedImage {
        let chunks = PNGChunks(scanning: bytes)
        let reader = PNGReader()
        let (width, height, levels) = try bytes.withUnsafeBufferPointer { buffer throws(ImageCodecError) in
            try reader.begin(buffer)
            let format = reader.control.format
            try checkSupported(format: format, chunks: chunks)
            return try reader.finishAsGray(isColour: format & PNG_FORMAT_FLAG_COLOR != 0
                                           && format & PNG_FORMAT_FLAG_COLORMAP == 0)
        }
        // libpng stops after the image data; a file cut after it still lacks its mandatory IEND.
        guard chunks.hasEnd else { throw .truncated(.png, "file ends before the IEND chunk") }
        let image = GrayImage(width: width, height: height, pixels: levels)
        return DecodedImage(image: image, info: info(width: width, height: height, chunks: chunks))
    }

    private static func checkSupported(format: UInt32, chunks: PNGChunks) throws(ImageCodecError) {
        if format & PNG_FORMAT_FLAG_LINEAR != 0 || chunks.bitDepth == 16 {
            throw .unsupportedVariant(.png, "16-bit samples; pbtool reads 8-bit (or lower) PNG")
        }
        if format & PNG_FORMAT_FLAG_COLORMAP != 0 || chunks.colourType == .palette,
           let entry = chunks.firstColourEntry {
            let (red, green, blue) = chunks.palette[entry]
            throw .unsupportedVariant(.png, "palette without gray: entry \(entry) is a colour "
                                      + "(R \(red) G \(green) B \(blue)); pbtool reads gray palettes only")
        }
    }

    private static func info(width: Int, height: Int, chunks: PNGChunks) -> ImageInfo {
        let layout: ImageInfo.PixelLayout = switch chunks.colourType {
        case .rgb: .rgb
        case .rgba: .rgba
        case .grayAlpha: .grayAlpha
        case .palette: .palette
        case .gray, nil: .gray
        }
        return ImageInfo(format: .png, width: width, height: height, bitDepth: chunks.bitDepth ?? 8,
                         layout: layout, storedDPI: chunks.dpi, storedVerticalDPI: chunks.verticalDPI,
                         fields: [ImageInfo.Field("interlace", chunks.isInterlaced ? "Adam7" : "none"),
                                  ImageInfo.Field("chunks", chunks.chunkNames.joined(separator: " "))])
    }

    /// Classifies a libpng message: running out of data is truncation, anything else corruption.
    static func error(from message: String) -> ImageCodecError {
        let lowered = message.lowercased()
        let truncation = ["end of data", "not enough image data", "unexpected end", "too short", "truncated",
                          "read beyond end"]
        return truncation.contains(where: lowered.contains)
            ? .truncated(.png, "libpng: \(message)")
            : .malformed(.png, "libpng: \(message)")
    }
}

/// Owns one `png_image` read; `png_image_free` runs in `deinit` if the read stopped half-way.
final class PNGReader {
    var control = png_image()

    init() {
        control.version = UInt32(PNG_IMAGE_VERSION)
    }

    deinit { png_image_free(&control) }

    /// Wraps `png_image_begin_read_from_memory`; `bytes` must stay valid until ``finishAsGray()``.
    func begin(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImageCodecError) {
        guard bytes.count > 0 else { throw .truncated(.png, "the file is empty") }
        guard png_image_begin_read_from_memory(&control, bytes.baseAddress, bytes.count) != 0 else {
            throw PNGCodec.error(from: message)
        }
        try ImageLimits.check(width: Int(control.width), height: Int(control.height), format: .png)
    }

    /// Wraps `png_image_finish_read`; alpha composites onto white because libpng blends onto the
    /// buffer's contents when no background colour is given. Colour is read as RGB and turned into
    /// gray with ``Luma`` (libpng's own conversion works in linear light and differs from the other
    /// codecs by up to 50 levels).
    func finishAsGray(isColour: Bool) throws(ImageCodecError) -> (width: Int, height: Int, levels: [UInt8]) {
        let width = Int(control.width), height = Int(control.height)
        let channels = isColour ? 3 : 1
        control.format = isColour ? UInt32(PNG_FORMAT_RGB) : UInt32(PNG_FORMAT_GRAY)
        var samples = [UInt8](repeating: 255, count: width * height * channels)
        let ok = samples.withUnsafeMutableBytes { buffer in
            png_image_finish_read(&control, nil, buffer.baseAddress, Int32(width * channels), nil)
        }
        guard ok != 0 else { throw PNGCodec.error(from: message) }
        return (width, height, isColour ? Luma.gray(interleaved: samples, channels: 3) : samples)
    }

    var message: String {
        withUnsafeBytes(of: control.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
