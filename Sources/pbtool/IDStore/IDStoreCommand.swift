import ArgumentParser

/// `pbtool idstore`: named secrets on the card, released after a finger is verified.
struct IDStoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "idstore",
        abstract: "List, read, store and delete data in the card's IDStore.",
        discussion: """
            The IDStore applet (AID A0 00 00 00 84 03) keeps data containers whose access byte \
            says who may read and write them: anyone, a verified finger (through the BioManager), \
            the admin key, or a finger or the admin key. pbtool names containers through a \
            directory in container 0 that anyone may read. See docs/idstore.md.
            """,
        subcommands: [IDStoreListCommand.self, IDStoreGetCommand.self, IDStorePutCommand.self, IDStoreDeleteCommand.self]
    )
}
