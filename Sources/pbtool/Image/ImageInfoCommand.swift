import ArgumentParser
import ImageCodecs

/// `pbtool image info FILE`: size, resolution, format and header fields.
struct ImageInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Print an image file's size, resolution, format, bit depth and header fields.",
        discussion: """
            For WSQ files only the headers are read; the fields include the bit rate and the \
            frame and quantiser header values. The resolution line says whether the file's own value \
            is plausible or which value pbtool assumes instead.

            Examples:
              pbtool image info ../shared/data/fingerprints/FVC2002_DB1_B/101_1.tif
              pbtool image info scan.wsq --json
            """
    )

    @Argument(help: "The image file.")
    var file: String

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
        let info = try ImageFile.info(path: file)
        let report = ImageReport(path: file, info: info, usedDPI: info.usableDPI ?? ImageFile.defaultDPI)
        if json {
            try JSONOutput.print(report)
        } else {
            report.lines.forEach { print($0) }
        }
    }
}
