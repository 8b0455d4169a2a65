import APDUScript
import TerminalUI

/// Passes a run's events to its reporter and counts finished tests on a progress bar; the
/// reporter's lines are printed above the bar.
final class ScriptRunProgress: ScriptRunObserver {
    private let reporter: any ScriptRunObserver
    private let bar: ProgressBar

    init(reporter: any ScriptRunObserver, bar: ProgressBar) {
        self.reporter = reporter
        self.bar = bar
    }

    /// A reporter's line printed above the bar (on standard output, as the reporter would).
    static func printer(above bar: ProgressBar) -> (String) -> Void {
        { line in bar.printAbove { print(line) } }
    }

    /// The bar moves first, so a test's line appears with the count that includes it; it is
    /// erased before the summary.
    func receive(_ event: RunEvent) {
        switch event {
        case .started(let planned): bar.update(completed: 0, total: planned.count)
        case .finished: bar.advance()
        case .completed: bar.finish()
        case .trace: break
        }
        reporter.receive(event)
    }
}
