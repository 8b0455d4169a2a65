import Synchronization
import Testing
@testable import TerminalUI

/// What a bar wrote, in order.
private final class Screen: Sendable {
    private let written = Mutex<[String]>([])
    var writes: [String] { written.withLock { $0 } }
    var terminal: ProgressBar.Terminal {
        ProgressBar.Terminal(columns: 61, depth: .plain) { [self] text in written.withLock { $0.append(text) } }
    }
}

@Suite struct ProgressBarTests {
    @Test func drawsTheFirstAndLastStepsAndErasesAtTheEnd() {
        let screen = Screen()
        let bar = ProgressBar(label: "extracting", unit: "images", total: 200, terminal: screen.terminal)
        for _ in 0..<200 { bar.advance() }
        bar.finish()
        let writes = screen.writes
        // The first step and the last are drawn; the 198 between come faster than the redraw interval.
        #expect(writes.count >= 3 && writes.count < 20)
        let first = writes[0], last = writes[writes.count - 2]
        #expect(first.hasPrefix("\rextracting [.") && first.hasSuffix(".] 1/200 images\u{1B}[K") && !first.contains("#"))
        #expect(last.hasPrefix("\rextracting [#") && last.hasSuffix("#] 200/200 images\u{1B}[K") && !last.contains("."))
        #expect(writes.last == "\r\u{1B}[K")
        // One cell short of the terminal's width, so the terminal never wraps the line.
        #expect(writes.dropLast().allSatisfy { $0.count == 60 + "\r\u{1B}[K".count })
    }

    @Test func linesPrintedDuringTheWorkGoAboveTheBar() {
        let screen = Screen()
        let bar = ProgressBar(label: "running", unit: "tests", total: 4, terminal: screen.terminal)
        bar.advance()
        var printed = false
        bar.printAbove { printed = true }
        #expect(printed)
        let writes = screen.writes
        #expect(writes.count == 3)
        #expect(writes[1] == "\r\u{1B}[K")
        #expect(writes[2].hasPrefix("\rrunning [") && writes[2].contains("1/4 tests"))
    }

    @Test func aSilentBarWritesNothingAndErasesNothing() {
        let bar = ProgressBar(label: "loading", unit: "references", terminal: nil)
        bar.update(completed: 5, total: 10)
        bar.printAbove {}
        bar.finish()
        #expect(!bar.isVisible)
    }

    @Test func aBarIsWantedOnlyWhenAPersonWatchesBothStreams() {
        func wanted(_ quiet: Bool, _ out: Bool, _ err: Bool, _ environment: [String: String] = [:]) -> Bool {
            ProgressBar.isWanted(quiet: quiet, environment: environment, standardOutputIsTerminal: out,
                                 standardErrorIsTerminal: err)
        }
        #expect(wanted(false, true, true))
        #expect(!wanted(true, true, true), "--json and --quiet")
        #expect(!wanted(false, false, true), "results going to a file or pipe")
        #expect(!wanted(false, true, false), "standard error going to a file or pipe")
        #expect(!wanted(false, true, true, ["TERM": "dumb"]))
    }

    @Test func nothingIsErasedThatWasNeverDrawn() {
        let screen = Screen()
        let bar = ProgressBar(label: "x", unit: "", total: 3, terminal: screen.terminal)
        bar.finish()
        #expect(screen.writes.isEmpty)
    }
}
