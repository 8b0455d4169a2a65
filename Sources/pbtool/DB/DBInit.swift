import ArgumentParser
import Foundation
import TemplateStore

/// `pbtool db init`: creates a store and its first key slot.
struct DBInit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new template store with one key slot.",
        discussion: """
            The directory is created with mode 0700 and the store file with mode 0600. Give one key source:
            --key-file FILE (created with a new random key if it does not exist), --key-command CMD (must print a
            32-byte key as 64 hex digits or base64), --passphrase-stdin, or --allow-env-key ($PBTOOL_DB_KEY).
            On a terminal with none of these, pbtool asks for a passphrase twice.

            Examples:
              pbtool db init --key-file ~/.config/pbtool/store.key
              openssl rand -hex 32 | secret-tool store --label='pbtool store' service pbtool
              pbtool db init --key-command 'secret-tool lookup service pbtool'
              printf '%s\\n' "$PASS" | pbtool db init --db /srv/pb/templates.db --passphrase-stdin
            """
    )

    @OptionGroup var location: StoreLocation
    @OptionGroup var source: UnlockOptions
    @OptionGroup var cost: ScryptCostOption

    @Option(help: "A label for the first key slot (default: the key file, command or 'passphrase').")
    var label: String?

    @Flag(help: "Print the result as JSON.")
    var json = false

    struct Output: Encodable {
        let path: String
        let storeID: String
        let slot: DBOutput.Slot
        let createdKeyFile: String?
    }

    func validate() throws {
        guard source.keyFiles.count <= 1, source.keyCommands.count <= 1 else {
            throw ValidationError("init takes one key source")
        }
    }

    func run() async throws {
        ProcessHardening.apply()
        let choice = try SecretChoice.newSecret(
            keyFile: source.keyFiles.first, keyCommand: source.keyCommands.first,
            passphraseFromStandardInput: source.passphraseFromStandardInput, environment: source.allowEnvironmentKey,
            timeout: source.keyCommandTimeout.duration)
        let store = try choice.applying {
            try TemplateDatabase.create(at: location.resolved, secret: choice.secret, label: label, scrypt: cost.parameters)
        }
        let slot = try store.keySlots()[0]
        let output = Output(path: store.path, storeID: DBOutput.id(store.storeID), slot: DBOutput.Slot(slot),
                            createdKeyFile: choice.createdKeyFile)
        if json { return try JSONOutput.print(output) }
        print("Created template store \(store.path) (store id \(output.storeID)).")
        print("Key \(output.slot.text)")
        if let file = choice.createdKeyFile {
            print("Created key file \(file) with a new random key: keep it private and backed up; it unlocks the store.")
        }
    }
}
