import Files
import Imaging

/// Reading and writing fingerprint images in any supported format: the entry point of the module.
///
/// The format of input is told by its first bytes (the extension is only a fallback for error
/// messages); the format of output by an explicit choice, else the path's extension.
public enum ImageFile {
    /// The resolution assumed when neither the caller nor the file gives a plausible one.
    public static let defaultDPI: Double = 500

    /// How to encode an image.
    public struct EncodingOptions: Sendable {
        /// WSQ target bit rate in bits per pixel (0.75 is the FBI's usual setting, ≈ 15:1).
        public var wsqBitRate: Double
        /// JPEG quality on libjpeg's 1–100 scale.
        public var jpegQuality: Int
        /// JPEG 2000 target bit rate in bits per pixel (above 0, below 8); nil writes lossless.
        public var jpeg2000BitRate: Double?

        /// Options with the given WSQ bit rate, JPEG quality and JPEG 2000 bit rate.
        public init(wsqBitRate: Double = 0.75, jpegQuality: Int = 90, jpeg2000BitRate: Double? = nil) {
            self.wsqBitRate = wsqBitRate
            self.jpegQuality = jpegQuality
            self.jpeg2000BitRate = jpeg2000BitRate
        }
    }

    /// Reads and decodes the image at `path`. `dpi`, when given, overrides the file's resolution;
    /// otherwise a plausible stored one is used, else ``defaultDPI``.
    public static func read(_ path: String, dpi: Double? = nil) throws(ImageFileError) -> GrayImage {
        try readDecoded(path, dpi: dpi).image
    }

    /// Reads and decodes the image at `path`, keeping what the file said about it.
    public static func readDecoded(_ path: String, dpi: Double? = nil) throws(ImageFileError) -> DecodedImage {
        let bytes = try FileBytes.read(path)
        do {
            return try decode(bytes, dpi: dpi)
        } catch {
            throw ImageFileError(path: path, operation: .read, reason: reason(for: error))
        }
    }

    /// Encodes `image` and writes it to `path`, replacing any file there. The format is `format`,
    /// else the one `path`'s extension names.
    public static func write(_ image: GrayImage, to path: String, format: ImageFormat? = nil,
                             options: EncodingOptions = EncodingOptions()) throws(ImageFileError) {
        let chosen = try outputFormat(path, format)
        do {
            try FileBytes.write(try encode(image, as: chosen, options: options), to: path)
        } catch let error as ImageFileError {
            throw error
        } catch {
            throw ImageFileError(path: path, operation: .write, reason: reason(for: error))
        }
    }

    /// Encodes `image` into `output`, made earlier (so that the destination was checked before
    /// the work that made the image), and commits it. The format is `format`, else the one the
    /// output's path names.
    public static func write(_ image: GrayImage, to output: OutputFile, format: ImageFormat? = nil,
                             options: EncodingOptions = EncodingOptions()) throws(ImageFileError) {
        let chosen = try outputFormat(output.path, format)
        let bytes: [UInt8]
        do {
            bytes = try encode(image, as: chosen, options: options)
        } catch {
            throw ImageFileError(path: output.path, operation: .write, reason: reason(for: error))
        }
        try FileBytes.write(bytes, to: output)
    }

    /// Writes an RGB image to `path` (PNG, TIFF or BMP; the gray-only formats refuse it).
    public static func write(_ image: RGBImage, to path: String, format: ImageFormat? = nil) throws(ImageFileError) {
        let chosen = try outputFormat(path, format)
        do {
            try FileBytes.write(try encode(image, as: chosen), to: path)
        } catch let error as ImageFileError {
            throw error
        } catch {
            throw ImageFileError(path: path, operation: .write, reason: reason(for: error))
        }
    }

    private static func outputFormat(_ path: String, _ format: ImageFormat?) throws(ImageFileError) -> ImageFormat {
        guard let chosen = format ?? ImageFormat(path: path) else {
            throw ImageFileError(path: path, operation: .write, reason: .unknownOutputFormat(path))
        }
        return chosen
    }

    static func reason(for error: any Error) -> ImageFileError.Reason {
        if let codec = error as? ImageCodecError { return .codec(codec) }
        return .other(error)
    }
}
