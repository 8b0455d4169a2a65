import ArgumentParser

/// `pbtool card`: readers, cards and the virtual card.
struct CardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "card",
        abstract: "Readers, cards, ATRs, card events, and the virtual card.",
        discussion: """
            Talks to pcscd through libpcsclite. Without --reader, commands use the first reader \
            that holds a card and say which one they chose. See docs/card.md.
            """,
        subcommands: [
            CardReadersCommand.self, CardStatusCommand.self, CardATRCommand.self,
            CardWatchCommand.self, CardEmulateCommand.self,
        ]
    )
}
