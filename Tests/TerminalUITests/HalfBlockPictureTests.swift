import Imaging
import Testing
@testable import TerminalUI

@Suite struct HalfBlockPictureTests {
    private func gradient(width: Int, height: Int) -> GrayImage {
        GrayImage(width: width, height: height,
                  pixels: (0..<(width * height)).map { UInt8(($0 % width) * 255 / max(width - 1, 1)) })
    }

    @Test(arguments: [(400, 301, 100), (388, 374, 80), (10, 7, 10), (300, 480, 61), (64, 64, 200)])
    func rowsAreHalfTheScaledHeight(width: Int, height: Int, columns: Int) {
        let scaled = HalfBlockPicture.scaledSize(width: width, height: height, columns: columns)
        #expect(scaled.width == columns)
        for depth in ColorDepth.allCases {
            let lines = HalfBlockPicture.lines(gradient(width: width, height: height), columns: columns, depth: depth)
            #expect(lines.count == (scaled.height + 1) / 2, "\(depth)")
        }
    }

    @Test func plainOutputHasNoEscapesAndOneCharacterPerColumn() {
        let lines = HalfBlockPicture.lines(gradient(width: 120, height: 90), columns: 60, depth: .plain)
        #expect(lines.allSatisfy { !$0.contains("\u{1B}") && $0.count == 60 })
        // The gradient runs dark to light, so each line runs from the dense end of the ramp to blank.
        #expect(lines[0].first == "@" && lines[0].last == " ")
    }

    @Test(arguments: [ColorDepth.trueColor, .gray256])
    func colourOutputUsesOneUpperHalfBlockPerColumn(depth: ColorDepth) {
        let lines = HalfBlockPicture.lines(gradient(width: 50, height: 21), columns: 50, depth: depth)
        #expect(lines.count == 11)
        for line in lines {
            #expect(line.filter { $0 == "▀" }.count == 50)
            #expect(line.hasSuffix("\u{1B}[0m"))
            #expect(line.contains(depth == .trueColor ? "\u{1B}[38;2;" : "\u{1B}[38;5;"))
        }
        // An odd height leaves the last row's lower half to the terminal's own background.
        #expect(lines.last!.contains("\u{1B}[49m"))
    }

    @Test func uniformRowsEmitTheirColourOnce() {
        let flat = GrayImage(width: 30, height: 2, fill: 100)
        let line = HalfBlockPicture.lines(flat, columns: 30, depth: .trueColor)[0]
        #expect(line == "\u{1B}[38;2;100;100;100m\u{1B}[48;2;100;100;100m" + String(repeating: "▀", count: 30) + "\u{1B}[0m")
    }

    @Test func areaAveragingTakesTheMeanOfCoveredPixels() {
        let image = GrayImage(width: 4, height: 2, pixels: [0, 100, 200, 255, 0, 100, 200, 255])
        #expect(AreaScaler.scaled(image, width: 2, height: 1) == [50, 228])
        // Thirds: 3 pixels into 2 weights the middle one half to each side.
        let three = GrayImage(width: 3, height: 1, pixels: [0, 90, 180])
        #expect(AreaScaler.scaled(three, width: 2, height: 1) == [30, 150])
        #expect(AreaScaler.scaled(GrayImage(width: 2, height: 1, pixels: [7, 9]), width: 4, height: 1) == [7, 7, 9, 9])
    }

    @Test func grayPaletteIndicesAreNearest() {
        #expect(ANSI.paletteIndex(gray: 0) == 16)
        #expect(ANSI.paletteIndex(gray: 255) == 231)
        #expect(ANSI.paletteIndex(gray: 128) == 244)
        #expect(ANSI.paletteIndex(gray: 8) == 232)
        #expect(ANSI.paletteIndex(gray: 238) == 255)
    }

    @Test func emptyImagesDrawNothing() {
        #expect(HalfBlockPicture.lines(GrayImage(width: 0, height: 0, pixels: []), columns: 40, depth: .plain).isEmpty)
    }
}
