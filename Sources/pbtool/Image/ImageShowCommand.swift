import ArgumentParser
import Foundation
import ImageCodecs
import TerminalUI

/// `pbtool image show FILE`: the picture on the terminal.
struct ImageShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Draw an image on the terminal.",
        discussion: """
            Two pixel rows per text line with the "▀" half block, in true colour when COLORTERM \
            says so and in the 256-colour gray ramp otherwise. Plain ASCII when standard output is \
            not a terminal, when NO_COLOR is set, or with --ascii. The picture is scaled (area \
            averaged) to the terminal width, or to --width columns.

            Examples:
              pbtool image show 101_1.png
              pbtool image show 101_1.png --width 60 --ascii > print.txt
            """
    )

    @Argument(help: "The image file.")
    var file: String

    @Option(parsing: .unconditional, help: "Width in character cells, 8–1000 (default: the terminal's, at most the image's width).",
            transform: OptionValue.count(8...1000))
    var width: Int?

    @Flag(help: "Plain ASCII characters, no colour.")
    var ascii = false

    @Flag(help: "Print the ASCII lines and the sizes as JSON.")
    var json = false

    func validate() throws {
        if let width, !(1...1_000).contains(width) {
            throw ValidationError("--width must be between 1 and 1000 columns")
        }
    }

    func run() throws {
        let image = try ImageFile.read(file)
        let environment = ProcessInfo.processInfo.environment
        let terminal = TerminalSize.current(environment: environment)
        let columns = width ?? min(terminal.columns, image.width)
        let depth = ascii || json ? .plain : ColorDepth.detect(environment: environment, isTerminal: terminal.isTerminal)
        let lines = HalfBlockPicture.lines(image, columns: columns, depth: depth)
        if json {
            try JSONOutput.print(ShownPicture(file: file, width: image.width, height: image.height,
                                             columns: columns, rows: lines.count, lines: lines))
        } else {
            lines.forEach { print($0) }
            print("\(file): \(image.width)×\(image.height), \(ImageReport.number(image.dpi)) dpi")
        }
    }
}

/// What `image show --json` prints.
struct ShownPicture: Encodable {
    let file: String
    let width: Int
    let height: Int
    let columns: Int
    let rows: Int
    let lines: [String]
}
