import APDU
import ArgumentParser
import Foundation
import PCSC

/// `pbtool card watch`: reader and card events as they happen.
struct CardWatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print reader and card events until Ctrl-C; optionally run a command per event.",
        discussion: """
            Events: PB_READER_ADDED, PB_READER_REMOVED, PB_CARD_INSERTED, PB_CARD_REMOVED. \
            pcscd is asked to wake pbtool on changes (no polling). With --exec, each event runs \
            the command through /bin/sh, one at a time, with PBTOOL_EVENT, PBTOOL_READER and \
            PBTOOL_ATR (hex, empty unless a card was inserted) in its environment.

            Exit codes: 0 on Ctrl-C, or after --count events; 7 when --timeout passes without an \
            event; 3 when pcscd is not running.

            Examples:
              pbtool card watch
              pbtool card watch --json --initial-state
              pbtool card watch --exec 'logger "$PBTOOL_EVENT $PBTOOL_READER"'
              pbtool card watch --count 1 --timeout 30      # wait for the next event
            """
    )

    @Option(help: "Run this shell command for each event.")
    var exec: String?

    @Flag(help: "Print one JSON object per event (JSON lines).")
    var json = false

    @Flag(help: "First report the readers and cards present now.")
    var initialState = false

    @Option(parsing: .unconditional, help: "Stop after this long (30, 30s, 2m, 1h).", transform: OptionValue.seconds)
    var timeout: Double?

    @Option(parsing: .unconditional, help: "Stop after this many events.", transform: OptionValue.count(1...1_000_000))
    var count: Int?

    func validate() throws {
        if let timeout, timeout <= 0 { throw ValidationError("--timeout must be above 0 seconds") }
        if let count, count <= 0 { throw ValidationError("--count must be at least 1") }
    }

    func run() async throws {
        let watch = Task { try await watchEvents() }
        let signals = InterruptSignals { _ in watch.cancel() }
        let timer = timeout.map { seconds in
            Task {
                try await Task.sleep(for: .seconds(seconds))
                watch.cancel()
            }
        }
        defer {
            timer?.cancel()
            withExtendedLifetime(signals) {}
        }
        let seen = try await watch.value
        if let timeout, seen == 0 {
            throw CommandFailure(.timeout, "no reader or card event within \(timeout.formattedSeconds) s")
        }
    }

    /// Prints (and runs `--exec` for) events until cancelled or `--count` is reached; returns how many.
    private func watchEvents() async throws -> Int {
        var seen = 0
        for try await event in ReaderEvents(reportsCurrentState: initialState) {
            let record = WatchRecord(event)
            if json { try JSONOutput.printLine(record) } else { print(record.line) }
            if let exec { try EventCommand(exec).run(for: record) }
            seen += 1
            if let count, seen >= count { break }
        }
        return seen
    }
}
