internal import CPNG
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

    /// Wraps `png_image_write_to_memory` and adds a pHYs chunk after IHDR, which the simplified
    /// API does not write. The buffer is sized for incompressible data, so one pass is enough; if
    /// libpng still asks for more it says how much, and the second pass uses that.
    private static func encode(width: Int, height: Int, dpi: Double, format: UInt32,
                               samples: [UInt8]) throws(ImageCodecError) -> [UInt8] {
        guard width > 0, height > 0 else { throw .cannotEncode(.png, "the image has no pixels") }
        var control = png_image()
        control.version = UInt32(PNG_IMAGE_VERSION)
        control.width = UInt32(width)
        control.height = UInt32(height)
        control.format = format
        defer { png_image_free(&control) }
        // Filter bytes, stored deflate blocks (5 bytes per 16 KiB) and chunk framing on top of the samples.
        var size = samples.count + height + samples.count / 1_024 + 4_096
        var out = [UInt8]()
        var ok: Int32 = 0
        for _ in 0..<2 where ok == 0 {
            let capacity = size
            out = [UInt8](repeating: 0, count: capacity)
            ok = samples.withUnsafeBytes { pixels in
                out.withUnsafeMutableBytes { buffer in
                    png_image_write_to_memory(&control, buffer.baseAddress, &size, 0, pixels.baseAddress, 0, nil)
                }
            }
            if ok == 0 && size <= capacity { break }
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
