import CPNG
import Imaging

extension PNGCodec {
    /// An 8-bit gray PNG.
    static func encode(_ image: GrayImage) throws(ImageCodecError) -> [UInt8] {
        try encode(width: image.width, height: image.height, dpi: image.dpi,
                   format: UInt32(PNG_FORMAT_GRAY), samples: image.pixels)
    }

    /// An 8-bit RGB PNG.
    static func encode(_ image: RGBImage) throws(ImageCodecError) -> [UInt8] {
        try encode(width: image.width, height: image.height, dpi: image.dpi,
                   format: UInt32(PNG_FORMAT_RGB), samples: image.pixels)
    }

    /// Wraps `png_image_write_to_memory` (called twice: size, then data) and adds a pHYs chunk
    /// after IHDR, which the simplified API does not write.
    private static func encode(width: Int, height: Int, dpi: Double, format: UInt32,
                               samples: [UInt8]) throws(ImageCodecError) -> [UInt8] {
        guard width > 0, height > 0 else { throw .cannotEncode(.png, "the image has no pixels") }
        var control = png_image()
        control.version = UInt32(PNG_IMAGE_VERSION)
        control.width = UInt32(width)
        control.height = UInt32(height)
        control.format = format
        defer { png_image_free(&control) }
        var size = 0
        var out = [UInt8]()
        let ok = samples.withUnsafeBytes { pixels in
            guard png_image_write_to_memory(&control, nil, &size, 0, pixels.baseAddress, 0, nil) != 0 else {
                return Int32(0)
            }
            out = [UInt8](repeating: 0, count: size)
            return out.withUnsafeMutableBytes { buffer in
                png_image_write_to_memory(&control, buffer.baseAddress, &size, 0, pixels.baseAddress, 0, nil)
            }
        }
        guard ok != 0 else {
            let message = withUnsafeBytes(of: control.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw .cannotEncode(.png, "libpng: \(message)")
        }
        out.removeSubrange(size...)
        // IHDR is always first: 8-byte signature + 4 length + 4 type + 13 data + 4 CRC (§5.6).
        let afterHeader = PNGChunks.signature.count + 25
        out.insert(contentsOf: PNGChunks.physicalDimensions(dpi: dpi), at: afterHeader)
        return out
    }
}
