import ArgumentParser
import TemplateStore

/// `pbtool db passwd`: new passphrase for one slot.
struct DBPasswd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passwd",
        abstract: "Change the passphrase of one passphrase slot (rewraps one key; no template is touched).",
        discussion: """
            By default the slot whose passphrase unlocked the store is changed; --slot picks another (for
            example after unlocking with a key file). Caveat: copies of the store made earlier still open with
            the old passphrase, and the master key is unchanged. To revoke an old passphrase for good, run
            `db rotate-key` as well and discard old backups.

            Examples:
              pbtool db passwd                                       # asks for the old and new passphrase
              printf '%s\\n%s\\n' "$OLD" "$NEW" | pbtool db passwd --passphrase-stdin --new-passphrase-stdin
            """
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var cost: ScryptCostOption

    @Option(parsing: .unconditional, help: "The passphrase slot to change (default: the one that unlocked the store).",
            transform: OptionValue.count(1...1_000_000))
    var slot: Int?

    @Flag(name: .customLong("new-passphrase-stdin"), help: "Read the new passphrase from the next line of standard input.")
    var newPassphraseFromStandardInput = false

    @Flag(help: "Print the result as JSON.")
    var json = false

    struct Output: Encodable {
        let slot: Int
    }

    func run() async throws {
        let database = try store.open()
        let target = slot ?? database.unlockedSlotID
        let newPassphrase = newPassphraseFromStandardInput
            ? try PassphraseReader.standardInputLine(purpose: "the new passphrase")
            : try PassphraseReader.promptNew("New passphrase: ")
        try database.changePassphrase(slot: target, to: .passphrase(newPassphrase), scrypt: cost.parameters)
        if json { return try JSONOutput.print(Output(slot: target)) }
        print("Changed the passphrase of key slot \(target).")
    }
}
