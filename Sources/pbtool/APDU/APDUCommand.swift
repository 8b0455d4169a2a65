import ArgumentParser

/// `pbtool apdu`: raw APDU exchanges with a card.
struct APDUCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apdu",
        abstract: "Send APDUs to a card, replay APDU scripts, convert legacy scripts.",
        discussion: "See docs/apdu.md and docs/apdu-scripts.md.",
        subcommands: [APDUSendCommand.self, APDURunCommand.self, APDUImportCommand.self]
    )
}
