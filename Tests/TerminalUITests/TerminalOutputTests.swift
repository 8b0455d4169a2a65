import Testing
@testable import TerminalUI

@Suite struct ColorDepthTests {
    @Test func noColorOrAPipeMeansPlain() {
        #expect(ColorDepth.detect(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"], isTerminal: true) == .plain)
        #expect(ColorDepth.detect(environment: ["COLORTERM": "truecolor"], isTerminal: false) == .plain)
        #expect(ColorDepth.detect(environment: ["TERM": "dumb"], isTerminal: true) == .plain)
    }

    @Test func colourTermSelectsTrueColourElse256() {
        #expect(ColorDepth.detect(environment: ["COLORTERM": "truecolor"], isTerminal: true) == .trueColor)
        #expect(ColorDepth.detect(environment: ["COLORTERM": "24bit"], isTerminal: true) == .trueColor)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color"], isTerminal: true) == .gray256)
        // no-color.org: an empty NO_COLOR does not count.
        #expect(ColorDepth.detect(environment: ["NO_COLOR": ""], isTerminal: true) == .gray256)
    }

    @Test func columnsComeFromTheEnvironmentWhenNotATerminal() {
        #expect(TerminalSize.columns(fromEnvironment: ["COLUMNS": "132"]) == 132)
        #expect(TerminalSize.columns(fromEnvironment: ["COLUMNS": "wide"]) == TerminalSize.fallbackColumns)
        #expect(TerminalSize.columns(fromEnvironment: ["COLUMNS": "-3"]) == TerminalSize.fallbackColumns)
        #expect(TerminalSize.columns(fromEnvironment: [:]) == 80)
    }
}

@Suite struct BarTests {
    @Test func plainBarsAreBracketedHashes() {
        #expect(Bar.render(fraction: 0.5, width: 12, depth: .plain) == "[#####.....]")
        #expect(Bar.render(fraction: 2, width: 6, depth: .plain) == "[####]")
        #expect(Bar.render(fraction: .nan, width: 6, depth: .plain) == "[....]")
    }

    @Test func colourBarsUseEighthBlocks() {
        #expect(Bar.render(fraction: 0.5, width: 10, depth: .gray256) == "█████░░░░░")
        #expect(Bar.render(fraction: 0.55, width: 10, depth: .gray256) == "█████▌░░░░")
        #expect(Bar.render(fraction: 1, width: 4, depth: .trueColor) == "████")
        #expect(Bar.render(fraction: 0, width: 3, depth: .trueColor) == "░░░")
    }

    @Test func thresholdsColourTheBar() {
        let thresholds = Bar.Thresholds(poor: 0.4, good: 0.7)
        let poor = Bar.render(fraction: 0.2, width: 5, depth: .trueColor, thresholds: thresholds)
        let good = Bar.render(fraction: 0.9, width: 5, depth: .trueColor, thresholds: thresholds)
        #expect(poor.hasPrefix("\u{1B}[38;2;220;50;47m") && poor.hasSuffix("\u{1B}[0m"))
        #expect(good.hasPrefix("\u{1B}[38;2;60;180;75m"))
        #expect(!Bar.render(fraction: 0.2, width: 5, depth: .plain, thresholds: thresholds).contains("\u{1B}"))
    }

    @Test func labelledLineLinesUp() {
        let line = Bar.line(label: "quality", fraction: 0.72, valueText: "72", width: 10, depth: .plain)
        #expect(line == "quality    [######..] 72")
    }
}

@Suite struct ProgressLineTests {
    @Test func textFitsTheWidthAndCounts() {
        let progress = ProgressLine(label: "enrolling", total: 5, unit: "swipes")
        let text = progress.text(completed: 3, columns: 40, depth: .plain)
        #expect(text.hasPrefix("enrolling [") && text.hasSuffix("] 3/5 swipes"))
        #expect(text.count == 40)
        #expect(progress.text(completed: 9, columns: 40, depth: .plain).hasSuffix("5/5 swipes"))
    }

    @Test func updatesOverwriteOnATerminalOnly() {
        #expect(ProgressLine.update("x", isTerminal: true) == "\rx\u{1B}[K")
        #expect(ProgressLine.update("x", isTerminal: false) == "x\n")
    }
}
