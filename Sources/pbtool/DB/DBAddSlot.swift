import ArgumentParser
import TemplateStore

/// `pbtool db add-slot`: another way to unlock the same store.
struct DBAddSlot: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-slot",
        abstract: "Add a key slot: another key file, key command, passphrase or environment key for the same store.",
        discussion: """
            The new slot is described like in `db init` (--key-file, --key-command, --passphrase-stdin,
            --allow-env-key); unlock the store with the --unlock-… options or at the passphrase prompt. When both
            passphrases come from standard input, the first line unlocks and the second is the new one. Keep one
            passphrase slot as a recovery path next to unattended slots.

            Examples:
              pbtool db add-slot --key-file ~/.config/pbtool/login.key            # asks for the passphrase
              printf '%s\\n' "$PASS" | pbtool db add-slot --unlock-passphrase-stdin --key-file login.key
            """
    )

    @OptionGroup var location: StoreLocation
    @OptionGroup var source: UnlockOptions
    @OptionGroup var cost: ScryptCostOption

    @Option(name: .customLong("unlock-key-file"), help: ArgumentHelp("A key file that unlocks the store now.", valueName: "file"))
    var unlockKeyFile: String?

    @Option(name: .customLong("unlock-key-command"), help: ArgumentHelp("A command printing a key that unlocks the store now.", valueName: "command"))
    var unlockKeyCommand: String?

    @Flag(name: .customLong("unlock-passphrase-stdin"), help: "Read the current passphrase from standard input.")
    var unlockPassphraseFromStandardInput = false

    @Option(help: "A label for the new slot.")
    var label: String?

    @Flag(help: "Print the new slot as JSON.")
    var json = false

    func run() async throws {
        ProcessHardening.apply()
        let unlock = KeySources(keyFiles: unlockKeyFile.map { [$0] } ?? [], keyCommands: unlockKeyCommand.map { [$0] } ?? [],
                                passphraseFromStandardInput: unlockPassphraseFromStandardInput, timeout: source.keyCommandTimeout.duration)
        let path = location.resolved
        let database = try TemplateDatabase.open(at: path, secrets: unlock.secrets(for: path))
        let choice = try SecretChoice.newSecret(
            keyFile: source.keyFiles.first, keyCommand: source.keyCommands.first,
            passphraseFromStandardInput: source.passphraseFromStandardInput, environment: source.allowEnvironmentKey,
            timeout: source.keyCommandTimeout.duration)
        let slot = DBOutput.Slot(try choice.applying { try database.addKeySlot(for: choice.secret, label: label, scrypt: cost.parameters) })
        if json { return try JSONOutput.print(slot) }
        print("Added key \(slot.text).")
        if let file = choice.createdKeyFile { print("Created key file \(file) with a new random key: keep it private.") }
    }
}
