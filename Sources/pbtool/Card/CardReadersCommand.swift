import ArgumentParser
import PCSC

/// `pbtool card readers`: every reader and its state.
struct CardReadersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "readers",
        abstract: "List the readers pcscd knows and whether each holds a card.",
        discussion: """
            Exits 5 (noReader) when pcscd lists no reader, 3 when pcscd is not running.

            Examples:
              pbtool card readers
              pbtool card readers --json
            """
    )

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Option(parsing: .unconditional, help: "Give up after this long (30, 30s, 500ms, 2m).", transform: OptionValue.seconds)
    var timeout: Double = 30

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be above 0 seconds") }
    }

    func run() async throws {
        let readers = try ReaderReport.all(context: try PCSCContext(deadline: PCSCDeadline(after: .seconds(timeout),
                                                                                             awaiting: "pcscd")))
        if json {
            try JSONOutput.print(["readers": readers])
        } else {
            readers.forEach { print($0.line) }
        }
        if readers.isEmpty { throw CommandFailure(.noReader, "no smart-card reader found (pcscd lists none)") }
    }
}
