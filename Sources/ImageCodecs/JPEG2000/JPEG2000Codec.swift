internal import COpenJPEG
import Imaging

/// JPEG 2000 (ITU-T T.800 / ISO/IEC 15444-1) through OpenJPEG.
///
/// Reads JP2 files and bare codestreams: gray, gray+alpha, RGB and YCbCr at 1–8 bits (YCbCr gives
/// its Y component, RGB the BT.601 luma of ``Luma``); refuses deeper samples, CMYK and subsampled
/// components. Writes 8-bit gray JP2: lossless with the reversible 5/3 wavelet by default, or at a
/// target bit rate with the irreversible 9/7 wavelet. The resolution travels in the JP2 header's
/// resolution box (``JP2Boxes``), which OpenJPEG neither reads nor writes.
enum JPEG2000Codec {
    /// What to write: lossless, or lossy at `bitRate` bits per pixel (8 / bitRate is OpenJPEG's ratio).
    enum Compression: Sendable, Hashable {
        case lossless
        case bitRate(Double)
    }

    static func decode(_ bytes: [UInt8]) throws(ImageCodecError) -> DecodedImage {
        let container = try container(of: bytes)
        return try bytes.withUnsafeBufferPointer { buffer throws(ImageCodecError) in
            let decoder = try JPEG2000Decoder(buffer, container: container)
            let image = try decoder.decodeGray()
            return DecodedImage(image: image, info: info(decoder, bytes: bytes))
        }
    }

    /// What the headers say, without decoding the picture.
    static func info(_ bytes: [UInt8]) throws(ImageCodecError) -> ImageInfo {
        let container = try container(of: bytes)
        return try bytes.withUnsafeBufferPointer { buffer throws(ImageCodecError) in
            info(try JPEG2000Decoder(buffer, container: container), bytes: bytes)
        }
    }

    /// An 8-bit gray JP2 file recording the image's resolution.
    static func encode(_ image: GrayImage, compression: Compression = .lossless) throws(ImageCodecError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw .cannotEncode(.jpeg2000, "the image has no pixels") }
        if case .bitRate(let rate) = compression, !(rate.isFinite && rate > 0 && rate < 8) {
            throw .cannotEncode(.jpeg2000, "bit rate \(rate) is not above 0 and below 8 bits per pixel")
        }
        let file = try JPEG2000Encoder(image, compression: compression).jp2()
        return try JP2Boxes.insertingResolution(image.dpi, into: file)
    }

    /// JP2 file or bare codestream, told by the signature (T.800 Annex I.5.1 and A.4.1).
    static func container(of bytes: [UInt8]) throws(ImageCodecError) -> JPEG2000Decoder.Container {
        if bytes.starts(with: JP2Boxes.signature) { return .jp2 }
        if bytes.starts(with: [0xFF, 0x4F, 0xFF, 0x51]) { return .codestream }
        if bytes.count < JP2Boxes.signature.count, JP2Boxes.signature.starts(with: bytes) {
            throw .truncated(.jpeg2000, "the file ends inside the JP2 signature box")
        }
        throw .malformed(.jpeg2000, "neither a JP2 signature box nor a codestream SOC/SIZ start")
    }

    private static func info(_ decoder: JPEG2000Decoder, bytes: [UInt8]) -> ImageInfo {
        let header = decoder.header
        let layout: ImageInfo.PixelLayout = switch header.components {
        case 1: .gray
        case 2: .grayAlpha
        case 3: .rgb
        default: .rgba
        }
        var fields = [ImageInfo.Field("container", decoder.container == .jp2 ? "JP2" : "codestream"),
                      ImageInfo.Field("components", String(header.components)),
                      ImageInfo.Field("colour space", header.colourSpaceName),
                      ImageInfo.Field("wavelet", header.waveletName),
                      ImageInfo.Field("resolution levels", String(header.resolutionLevels)),
                      ImageInfo.Field("quality layers", String(header.layers))]
        if !decoder.warnings.isEmpty { fields.append(ImageInfo.Field("OpenJPEG warnings", decoder.warnings)) }
        let dpi: (horizontal: Double?, vertical: Double?) =
            decoder.container == .jp2 ? JP2Boxes.resolution(in: bytes) : (nil, nil)
        return ImageInfo(format: .jpeg2000, width: header.width, height: header.height, bitDepth: header.precision,
                         layout: layout, storedDPI: dpi.horizontal, storedVerticalDPI: dpi.vertical, fields: fields)
    }

    /// OpenJPEG's collected messages as an error about `bytes`: truncation when the file ends
    /// before its codestream does, corruption otherwise.
    static func error(_ messages: String, in bytes: UnsafeBufferPointer<UInt8>, while doing: String) -> ImageCodecError {
        let text = messages.isEmpty ? "OpenJPEG failed \(doing)" : "OpenJPEG: \(messages)"
        return JP2Boxes.endsEarly(Array(bytes)) ? .truncated(.jpeg2000, text) : .malformed(.jpeg2000, text)
    }
}
