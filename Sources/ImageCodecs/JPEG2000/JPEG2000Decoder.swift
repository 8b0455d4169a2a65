internal import COpenJPEG
import Imaging

/// One OpenJPEG decompression from memory: the codec, its stream and the image, released in `deinit`.
///
/// `init` reads the headers only; ``decodeGray()`` decodes the picture. The bytes passed to `init`
/// must stay valid as long as the decoder.
final class JPEG2000Decoder {
    enum Container: Sendable {
        case jp2
        case codestream
    }

    /// The facts of the main header, read before any pixel is decoded.
    struct Header {
        var width = 0
        var height = 0
        var components = 0
        var precision = 0
        var colourSpace = OPJ_CLRSPC_UNSPECIFIED
        var wavelet: Int32 = -1
        var resolutionLevels: Int32 = 0
        var layers: Int32 = 0

        var colourSpaceName: String {
            switch colourSpace {
            case OPJ_CLRSPC_GRAY: "gray"
            case OPJ_CLRSPC_SRGB: "sRGB"
            case OPJ_CLRSPC_SYCC: "sYCC"
            case OPJ_CLRSPC_EYCC: "e-YCC"
            case OPJ_CLRSPC_CMYK: "CMYK"
            default: "unspecified"
            }
        }

        var waveletName: String {
            switch wavelet {
            case 1: "5/3 reversible"
            case 0: "9/7 irreversible"
            default: "unknown"
            }
        }
    }

    let container: Container
    private(set) var header = Header()
    private let memory = UnsafeMutablePointer<copj_memory>.allocate(capacity: 1)
    private let codec: UnsafeMutablePointer<opj_codec_t?>
    private let stream: UnsafeMutablePointer<opj_stream_t?>
    private var image: UnsafeMutablePointer<opj_image_t>?
    private let bytes: UnsafeBufferPointer<UInt8>

    /// Sets up a decompression of `bytes` and reads its main header.
    init(_ bytes: UnsafeBufferPointer<UInt8>, container: Container) throws(ImageCodecError) {
        self.container = container
        self.bytes = bytes
        memory.initialize(to: copj_memory())
        memory.pointee.input = bytes.baseAddress
        memory.pointee.size = bytes.count
        // Both only fail when out of memory.
        codec = opj_create_decompress(container == .jp2 ? OPJ_CODEC_JP2 : OPJ_CODEC_J2K)!
        stream = copj_stream(memory, 1)!
        copj_collect_messages(codec, memory)
        var parameters = opj_dparameters_t()
        opj_set_default_decoder_parameters(&parameters)
        guard opj_setup_decoder(codec, &parameters) != 0, opj_read_header(stream, codec, &image) != 0,
              let image else {
            throw JPEG2000Codec.error(errors, in: bytes, while: "reading the header")
        }
        try readHeader(image.pointee)
    }

    deinit {
        if let image { opj_image_destroy(image) }
        opj_stream_destroy(stream)
        opj_destroy_codec(codec)
        memory.deallocate()
    }

    /// The error messages OpenJPEG reported so far.
    var errors: String { text(of: memory.pointee.errors) }
    /// The warnings OpenJPEG reported so far.
    var warnings: String { text(of: memory.pointee.warnings) }

    /// Decodes the whole picture and turns it into 8-bit gray.
    func decodeGray() throws(ImageCodecError) -> GrayImage {
        guard let image, opj_decode(codec, stream, image) != 0, opj_end_decompress(codec, stream) != 0 else {
            throw JPEG2000Codec.error(errors, in: bytes, while: "decoding")
        }
        // OpenJPEG decodes what a cut codestream holds and fills the rest; pbtool refuses a part picture.
        guard !JP2Boxes.endsEarly(Array(bytes)) else {
            throw .truncated(.jpeg2000, "the file ends before the codestream's EOC marker"
                             + (warnings.isEmpty ? "" : " (OpenJPEG: \(warnings))"))
        }
        let samples = try JPEG2000Samples(image.pointee, header: header).gray()
        return GrayImage(width: header.width, height: header.height, pixels: samples)
    }

    private func readHeader(_ image: opj_image_t) throws(ImageCodecError) {
        header.width = Int(image.x1) - Int(image.x0)
        header.height = Int(image.y1) - Int(image.y0)
        header.components = Int(image.numcomps)
        header.colourSpace = image.color_space
        try ImageLimits.check(width: header.width, height: header.height, format: .jpeg2000)
        guard (1...4).contains(header.components), let first = image.comps else {
            throw .unsupportedVariant(.jpeg2000, "\(header.components) components; pbtool reads 1 to 4")
        }
        header.precision = Int(first.pointee.prec)
        var levels: Int32 = 0, layers: Int32 = 0
        header.wavelet = copj_wavelet(codec, &levels, &layers)
        (header.resolutionLevels, header.layers) = (levels, layers)
    }

    private func text<T>(of tuple: T) -> String {
        withUnsafeBytes(of: tuple) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
