internal import COpenJPEG
import Imaging

/// One OpenJPEG compression of a gray image into a JP2 file in memory; everything OpenJPEG
/// allocated is released in `deinit`.
final class JPEG2000Encoder {
    /// OpenJPEG's default number of resolution levels; smaller images get fewer (T.800 B.6: each
    /// level halves both sides, and a side must keep at least one sample).
    static let maximumResolutionLevels = 6

    private let memory = UnsafeMutablePointer<copj_memory>.allocate(capacity: 1)
    private let codec: UnsafeMutablePointer<opj_codec_t?>
    private let stream: UnsafeMutablePointer<opj_stream_t?>
    private let image: UnsafeMutablePointer<opj_image_t>
    private var parameters = opj_cparameters_t()

    init(_ gray: GrayImage, compression: JPEG2000Codec.Compression) throws(ImageCodecError) {
        memory.initialize(to: copj_memory())
        // Both only fail when out of memory.
        codec = opj_create_compress(OPJ_CODEC_JP2)!
        stream = copj_stream(memory, 0)!
        copj_collect_messages(codec, memory)
        var component = opj_image_cmptparm_t()
        component.dx = 1
        component.dy = 1
        component.w = UInt32(gray.width)
        component.h = UInt32(gray.height)
        component.prec = 8
        guard let created = opj_image_create(1, &component, OPJ_CLRSPC_GRAY) else {
            memory.deallocate()
            opj_stream_destroy(stream)
            opj_destroy_codec(codec)
            throw .cannotEncode(.jpeg2000, "OpenJPEG could not allocate a \(gray.width)×\(gray.height) image")
        }
        image = created
        image.pointee.x1 = UInt32(gray.width)
        image.pointee.y1 = UInt32(gray.height)
        let data = image.pointee.comps[0].data!
        for (index, level) in gray.pixels.enumerated() { data[index] = Int32(level) }
        configure(width: gray.width, height: gray.height, compression: compression)
    }

    deinit {
        opj_image_destroy(image)
        opj_stream_destroy(stream)
        opj_destroy_codec(codec)
        free(memory.pointee.output)
        memory.deallocate()
    }

    /// Runs the compression and returns the JP2 file.
    func jp2() throws(ImageCodecError) -> [UInt8] {
        guard opj_setup_encoder(codec, &parameters, image) != 0, opj_start_compress(codec, image, stream) != 0,
              opj_encode(codec, stream) != 0, opj_end_compress(codec, stream) != 0,
              let output = memory.pointee.output else {
            let errors = withUnsafeBytes(of: memory.pointee.errors) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw .cannotEncode(.jpeg2000, errors.isEmpty ? "OpenJPEG failed" : "OpenJPEG: \(errors)")
        }
        return [UInt8](UnsafeBufferPointer(start: output, count: memory.pointee.size))
    }

    /// One quality layer, as `opj_compress` sets up: rate 0 keeps every bit (lossless with the 5/3
    /// wavelet), a rate of 8 / bits-per-pixel truncates the codestream to that size with the 9/7 one.
    private func configure(width: Int, height: Int, compression: JPEG2000Codec.Compression) {
        opj_set_default_encoder_parameters(&parameters)
        parameters.tcp_numlayers = 1
        parameters.cp_disto_alloc = 1
        switch compression {
        case .lossless:
            parameters.tcp_rates.0 = 0
            parameters.irreversible = 0
        case .bitRate(let bitsPerPixel):
            parameters.tcp_rates.0 = Float(8 / bitsPerPixel)
            parameters.irreversible = 1
        }
        var levels = 1
        while levels < Self.maximumResolutionLevels, min(width, height) >> levels > 0 { levels += 1 }
        parameters.numresolution = Int32(levels)
    }
}
