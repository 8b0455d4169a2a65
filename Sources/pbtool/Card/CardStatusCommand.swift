import APDU
import ArgumentParser
import PCSC

/// `pbtool card status`: one reader, its card, and the card's ATR decoded.
struct CardStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show a reader's card: state, protocol, ATR decoded field by field, known names.",
        discussion: """
            Without --reader, uses the first reader that holds a card. Connects in shared mode, so \
            other applications keep working. The card's names come from pcsc-tools' \
            smartcard_list.txt when it is installed. Reader attributes and part 10 features are \
            shown when the driver offers them (vpcd offers none).

            Exit codes: 0 card found; 3 pcscd not running; 5 no such reader; 6 no card; 7 timeout.

            Examples:
              pbtool card status
              pbtool card status --reader "Virtual PCD 00 00" --json
            """
    )

    @Option(help: "The reader: its full name, or a unique part of it.")
    var reader: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Option(parsing: .unconditional, help: "Give up after this long (30, 30s, 500ms, 2m).", transform: OptionValue.seconds)
    var timeout: Double = 30

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be above 0 seconds") }
    }

    func run() async throws {
        let context = try PCSCContext(deadline: PCSCDeadline(after: .seconds(timeout), awaiting: "pcscd or the card"))
        let choice = try ReaderChoice.choose(reader, context: context)
        let report = try CardInspection(context: context, names: CardNames.installed()).inspect(choice)
        if json {
            try JSONOutput.print(report)
        } else {
            report.lines.forEach { print($0) }
        }
        if !report.cardPresent {
            throw CommandFailure(.noCard, "no card in \"\(report.reader.name)\"")
        }
    }
}
