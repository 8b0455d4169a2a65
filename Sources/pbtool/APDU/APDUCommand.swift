import ArgumentParser

/// `pbtool apdu`: raw APDU exchanges with a card.
struct APDUCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apdu",
        abstract: "Send APDUs to a card.",
        discussion: "See docs/apdu.md.",
        subcommands: [APDUSendCommand.self]
    )
}
