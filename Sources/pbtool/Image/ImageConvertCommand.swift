import ArgumentParser
import ImageCodecs

/// `pbtool image convert IN OUT`: re-encodes an image in another format.
struct ImageConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert an image between PNG, TIFF, BMP, PGM, WSQ, JPEG and JPEG 2000.",
        discussion: """
            The output is 8-bit gray. Its resolution is --dpi, else the input's when it records a \
            plausible one (100–10000 dpi; FVC TIFFs record a meaningless 1 dpi), else 500. \
            JPEG 2000 is written lossless unless --bitrate is given.

            Examples:
              pbtool image convert 101_1.tif 101_1.png
              pbtool image convert scan.png scan.wsq --bitrate 0.75
              pbtool image convert scan.png scan.jpg --quality 95
              pbtool image convert scan.png scan.jp2
              pbtool image convert capture.pgm capture.img --format bmp --dpi 569
            """
    )

    @Argument(help: "The image to read.")
    var input: String

    @Argument(help: "The file to write (replaced if it exists).")
    var output: String

    @Option(help: "Output format: png, tiff, bmp, pgm, wsq, jpeg or jp2 (default: from the output's extension).",
            transform: ImageArguments.format)
    var format: ImageFormat?

    @Option(parsing: .unconditional, help: "Bit rate in bits per pixel, 0.1–8: WSQ (default 0.75) or JPEG 2000 (default: lossless).",
            transform: OptionValue.measure(0.1...8, "bits per pixel"))
    var bitrate: Double?

    @Option(parsing: .unconditional, help: "JPEG quality, 1–100.", transform: OptionValue.count(1...100))
    var quality: Int = 90

    @Option(parsing: .unconditional, help: "Resolution to record, in dots per inch (100–2000).", transform: OptionValue.dpi)
    var dpi: Double?

    @Flag(help: "Print the result as JSON.")
    var json = false

    func validate() throws {
        if let bitrate, !(bitrate.isFinite && bitrate > 0 && bitrate < 8) {
            throw ValidationError("--bitrate must be above 0 and below 8 bits per pixel")
        }
    }

    func run() throws {
        let decoded = try ImageFile.readDecoded(input, dpi: dpi)
        let options = ImageFile.EncodingOptions(wsqBitRate: bitrate ?? 0.75, jpegQuality: quality, jpeg2000BitRate: bitrate)
        try ImageFile.write(decoded.image, to: output, format: format, options: options)
        let written = try ImageFile.info(path: output)
        let report = ConversionReport(input: ImageReport(path: input, info: decoded.info, usedDPI: decoded.image.dpi),
                                      output: ImageReport(path: output, info: written, usedDPI: decoded.image.dpi))
        if json {
            try JSONOutput.print(report)
        } else {
            print("\(input) (\(report.input.summary)) → \(output) (\(report.output.summary))")
        }
    }
}

/// What `image convert --json` prints.
struct ConversionReport: Encodable {
    let input: ImageReport
    let output: ImageReport
}
