import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A progress bar for work that can take more than a second: one line on standard error,
/// rewritten in place ("extracting ████░░░░ 120/800 images  0:12 left") and erased when done.
///
/// Shown only where a person watches: see ``isWanted(quiet:environment:)``. Otherwise every
/// call does nothing, so commands call it unconditionally. Safe to update from any thread.
public final class ProgressBar: Sendable {
    /// Where the bar is drawn: the text to write and the width to fit.
    public struct Terminal: Sendable {
        /// Character cells per line.
        public var columns: Int
        /// How much colour the bar may use.
        public var depth: ColorDepth
        /// Writes escape sequences and text, unbuffered.
        public var write: @Sendable (String) -> Void

        /// A terminal of `columns` cells.
        public init(columns: Int, depth: ColorDepth, write: @escaping @Sendable (String) -> Void) {
            self.columns = columns
            self.depth = depth
            self.write = write
        }
    }

    private struct State {
        var line: ProgressLine
        var completed = 0
        var started = ContinuousClock.now
        var drawn: ContinuousClock.Instant?
        var isShown = false
    }

    /// Redraws happen at most this often, except the first and the last.
    static let redrawInterval = Duration.milliseconds(100)
    /// The widest bar drawn, however wide the terminal.
    static let maximumColumns = 100

    private let terminal: Terminal?
    private let state: Mutex<State>

    /// A bar drawn on `terminal`, or a silent one when `terminal` is nil.
    public init(label: String, unit: String, total: Int = 0, terminal: Terminal?) {
        self.terminal = terminal
        state = Mutex(State(line: ProgressLine(label: label, total: total, unit: unit)))
    }

    /// A bar on standard error when ``isWanted(quiet:environment:)`` says so, else a silent one.
    public static func onStandardError(label: String, unit: String, total: Int = 0, quiet: Bool,
                                       environment: [String: String]) -> ProgressBar {
        guard isWanted(quiet: quiet, environment: environment) else {
            return ProgressBar(label: label, unit: unit, total: total, terminal: nil)
        }
        let columns = TerminalSize.current(of: STDERR_FILENO, environment: environment).columns
        let terminal = Terminal(columns: columns, depth: ColorDepth.detect(environment: environment, isTerminal: true)) { text in
            text.utf8CString.withUnsafeBufferPointer { _ = Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
        }
        return ProgressBar(label: label, unit: unit, total: total, terminal: terminal)
    }

    /// Whether a bar belongs on this run: both standard output and standard error are terminals
    /// (a person is watching, and the results are not going to a file or a pipe), `TERM` is not
    /// `dumb` (it cannot rewrite a line), and the command was not asked for --json or --quiet.
    public static func isWanted(quiet: Bool, environment: [String: String],
                                standardOutputIsTerminal: Bool = isatty(STDOUT_FILENO) == 1,
                                standardErrorIsTerminal: Bool = isatty(STDERR_FILENO) == 1) -> Bool {
        !quiet && standardOutputIsTerminal && standardErrorIsTerminal && environment["TERM"] != "dumb"
    }

    /// Whether anything is ever drawn.
    public var isVisible: Bool { terminal != nil }

    /// Sets how many steps are done, and of how many.
    public func update(completed: Int, total: Int) {
        state.withLock { state in
            state.line.total = total
            state.completed = completed
            draw(&state)
        }
    }

    /// One more step done.
    public func advance() {
        state.withLock { state in
            state.completed += 1
            draw(&state)
        }
    }

    /// Erases the bar, runs `body` (which prints lines of results), and draws the bar again below them.
    public func printAbove(_ body: () -> Void) {
        state.withLock { state in
            erase(&state)
            body()
            state.drawn = nil
            draw(&state)
        }
    }

    /// Erases the bar: the work is over.
    public func finish() {
        state.withLock { erase(&$0) }
    }

    private func draw(_ state: inout State) {
        guard let terminal else { return }
        let now = ContinuousClock.now
        let isLast = state.completed >= state.line.total
        if let drawn = state.drawn, now - drawn < Self.redrawInterval, !isLast { return }
        state.drawn = now
        state.isShown = true
        let columns = min(terminal.columns, Self.maximumColumns) - 1
        let text = state.line.text(completed: state.completed, columns: columns, depth: terminal.depth,
                                   detail: remaining(state, now: now))
        terminal.write(ProgressLine.update(text, isTerminal: true))
    }

    private func erase(_ state: inout State) {
        guard let terminal, state.isShown else { return }
        terminal.write("\r" + ANSI.clearToEndOfLine)
        state.isShown = false
    }

    /// "0:12 left" once a second has passed and a step is done, from the mean pace so far.
    private func remaining(_ state: State, now: ContinuousClock.Instant) -> String {
        let elapsed = now - state.started
        guard state.completed > 0, state.completed < state.line.total, elapsed >= .seconds(1) else { return "" }
        let seconds = elapsed / .seconds(1) * Double(state.line.total - state.completed) / Double(state.completed)
        let whole = Int(seconds.rounded(.up))
        return "\(whole / 60):" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60) left"
    }
}
