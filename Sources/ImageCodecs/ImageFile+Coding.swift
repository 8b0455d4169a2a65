import Imaging

extension ImageFile {
    /// Decodes image bytes of any supported format (told by their signature).
    ///
    /// A file whose two axes have different resolutions (``ImageInfo/squarePixelHeight``) is
    /// resampled to square pixels at its horizontal resolution, unless `dpi` is given: every
    /// step after decoding (extraction, matching, resizing to a record) assumes square pixels, as
    /// `PreparedTemplate(record:)` does for records. `info` keeps what the file said.
    ///
    /// Errors are ``ImageCodecError`` values, or the WSQ codec's own errors.
    public static func decode(_ bytes: [UInt8], dpi: Double? = nil) throws -> DecodedImage {
        guard let format = ImageFormat(magic: bytes) else {
            throw ImageCodecError.unrecognizedFormat(firstBytes: Array(bytes.prefix(8)))
        }
        var decoded: DecodedImage
        switch format {
        case .png: decoded = try PNGCodec.decode(bytes)
        case .tiff: decoded = try TIFFCodec.decode(bytes)
        case .bmp: decoded = try BMPCodec.decode(bytes)
        case .pgm: decoded = try PGMCodec.decode(bytes)
        case .wsq: decoded = try decodeWSQ(bytes)
        case .jpeg: decoded = try JPEGCodec.decode(bytes)
        case .jpeg2000: decoded = try JPEG2000Codec.decode(bytes)
        }
        decoded.image.dpi = dpi ?? decoded.info.usableDPI ?? defaultDPI
        if dpi == nil, let height = decoded.info.squarePixelHeight {
            try ImageLimits.check(width: decoded.image.width, height: height, format: format)
            decoded.image = decoded.image.resized(width: decoded.image.width, height: height, dpi: decoded.image.dpi)
        }
        return decoded
    }

    /// What the file says about its picture; for WSQ, JPEG and JPEG 2000 only the headers are read.
    public static func info(_ bytes: [UInt8]) throws -> ImageInfo {
        switch ImageFormat(magic: bytes) {
        case .wsq: try wsqInfo(WSQCodec.header(bytes))
        case .jpeg: try JPEGCodec.info(bytes)
        case .jpeg2000: try JPEG2000Codec.info(bytes)
        default: try decode(bytes).info
        }
    }

    /// What the file at `path` says about its picture.
    public static func info(path: String) throws(ImageFileError) -> ImageInfo {
        let bytes = try FileBytes.read(path)
        do {
            return try info(bytes)
        } catch {
            throw ImageFileError(path: path, operation: .read, reason: reason(for: error))
        }
    }

    /// Encodes a gray image in `format`.
    public static func encode(_ image: GrayImage, as format: ImageFormat,
                              options: EncodingOptions = EncodingOptions()) throws -> [UInt8] {
        switch format {
        case .png: try PNGCodec.encode(image)
        case .tiff: try TIFFCodec.encode(image)
        case .bmp: try BMPCodec.encode(image)
        case .pgm: try PGMCodec.encode(image)
        case .wsq: try WSQCodec.encode(image, bitRate: options.wsqBitRate)
        case .jpeg: try JPEGCodec.encode(image, quality: options.jpegQuality)
        case .jpeg2000: try JPEG2000Codec.encode(image, compression: options.jpeg2000BitRate.map { .bitRate($0) } ?? .lossless)
        }
    }

    /// Encodes an RGB image in `format`; PGM and WSQ hold gray only, and pbtool writes JPEG and
    /// JPEG 2000 in gray only: they refuse.
    public static func encode(_ image: RGBImage, as format: ImageFormat) throws -> [UInt8] {
        switch format {
        case .png: try PNGCodec.encode(image)
        case .tiff: try TIFFCodec.encode(image)
        case .bmp: try BMPCodec.encode(image)
        case .pgm, .wsq: throw ImageCodecError.cannotEncode(format, "the format holds gray images only, not RGB")
        case .jpeg, .jpeg2000: throw ImageCodecError.cannotEncode(format, "pbtool writes gray \(format.displayName) only, not RGB")
        }
    }

    private static func decodeWSQ(_ bytes: [UInt8]) throws -> DecodedImage {
        let header = try WSQCodec.header(bytes)
        let image = try WSQCodec.decode(bytes)
        return DecodedImage(image: image, info: wsqInfo(header))
    }

    /// The one place that reads ``WSQHeader`` (its shape comes from the `wsq` branch).
    private static func wsqInfo(_ header: WSQHeader) -> ImageInfo {
        ImageInfo(format: .wsq, width: Int(header.width), height: Int(header.height), bitDepth: 8,
                  layout: .gray, storedDPI: header.ppi.map { Double($0) },
                  fields: header.fields.map { ImageInfo.Field($0.name, $0.value) })
    }
}
