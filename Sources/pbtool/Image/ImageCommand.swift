import ArgumentParser
import ImageCodecs

/// `pbtool image`: convert, inspect and show fingerprint image files.
struct ImageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "image",
        abstract: "Convert, inspect and show fingerprint images (PNG, TIFF, BMP, PGM, WSQ, JPEG, JPEG 2000).",
        discussion: """
            Input formats are recognised by their first bytes, output formats by the file extension \
            (.png .tif .tiff .bmp .pgm .wsq .jpg .jpeg .jp2) or --format. Images are handled as 8-bit gray; colour \
            input is converted, 16-bit input and colour palettes are refused with a clear message.
            See docs/image.md.
            """,
        subcommands: [ImageConvertCommand.self, ImageInfoCommand.self, ImageShowCommand.self]
    )
}

/// Parsing of the image options shared by the image and synth commands.
enum ImageArguments {
    static func format(_ text: String) throws -> ImageFormat {
        guard let format = ImageFormat(fileExtension: text) else {
            throw ValidationError("unknown image format '\(text)'; use png, tiff, bmp, pgm, wsq, jpeg or jp2")
        }
        return format
    }
}
