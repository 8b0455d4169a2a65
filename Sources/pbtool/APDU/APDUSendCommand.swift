import APDU
import ArgumentParser
import PCSC

/// `pbtool apdu send`: sends command APDUs and shows the answers with their status words decoded.
struct APDUSendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send command APDUs to a card and show the decoded answers.",
        discussion: """
            Each argument is one command APDU in hex (spaces allowed inside quotes). All are \
            checked before anything is sent; they then go out in one PC/SC transaction, in order. \
            By default the ISO 7816-4 transport rules apply: 61XX is followed by GET RESPONSE, \
            6CXX is answered by re-sending with the right Le, and long data is chained. Every \
            exchange on the wire is shown, the hidden ones marked. --raw sends the bytes as they \
            are and shows the card's first answer.

            Exit codes: 0 when every APDU got an answer (whatever its status word); 2 malformed \
            hex or APDU; 3 pcscd not running or the card removed mid-command; 5 no such reader; \
            6 no card; 7 timeout.

            Examples:
              pbtool apdu send 00A4040008F07062746F6F6C01 8030000004
              pbtool apdu send --reader "Virtual PCD 00 00" --json "00 A4 04 00 06 A0 00 00 00 84 00"
              pbtool apdu send --raw 8010000003AABBCC 00C0000003
            """
    )

    @Argument(help: "Command APDUs in hex, one per argument.")
    var apdus: [String]

    @Option(help: "The reader: its full name, or a unique part of it.")
    var reader: String?

    @Flag(help: "Send the bytes as they are: no GET RESPONSE, no 6CXX re-send, no chaining.")
    var raw = false

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Option(parsing: .unconditional, help: "Give up after this long (30, 30s, 500ms, 2m).", transform: OptionValue.seconds)
    var timeout: Double = 30

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be above 0 seconds") }
    }

    func run() async throws {
        let commands = try parsedCommands()
        let context = try PCSCContext(deadline: PCSCDeadline(after: .seconds(timeout), awaiting: "pcscd or the card"))
        let choice = try ReaderChoice.choose(reader, context: context)
        if !json { printError("pbtool: using \"\(choice.name)\" (\(choice.explanation))") }
        let card = try context.connectWaitingForExclusiveHolder(to: choice.name)
        let exchanges = try card.withTransaction { card in
            try APDUExchange.run(commands, over: card, raw: raw)
        }
        if json {
            try JSONOutput.print(APDUSendReport(reader: choice, protocolName: card.activeProtocol?.rawValue,
                                                exchanges: exchanges))
        } else {
            exchanges.forEach { $0.lines.forEach { print($0) } }
        }
    }

    /// Every argument as a command APDU, or a usage error naming the one that is wrong.
    private func parsedCommands() throws -> [CommandAPDU] {
        try apdus.enumerated().map { index, text in
            do {
                return try CommandAPDU(hex: text)
            } catch {
                throw CommandFailure(.usage, "APDU \(index + 1) (\"\(text)\"): \(error)")
            }
        }
    }
}
