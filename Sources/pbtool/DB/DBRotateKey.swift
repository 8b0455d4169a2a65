import ArgumentParser
import TemplateStore
import TerminalUI

/// `pbtool db rotate-key`: a new master key.
struct DBRotateKey: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate-key",
        abstract: "Replace the master key: rewraps every per-row key and key slot; no template is re-encrypted.",
        discussion: """
            Every key slot needs its secret (repeat --key-file / --key-command, add the passphrase) unless
            --drop-slots-without-secret removes the others. --new-key-file or --new-passphrase-stdin also replaces
            the slot used to unlock, in the same transaction: after that, backups made before open only with the
            old secret, never with the new one. Rotation alone keeps the slots' secrets, so old backups still open
            with them; and per-row keys are kept, so a person who already holds an old copy and its master key
            can still read the templates that copy contains.

            Examples:
              pbtool db rotate-key --key-file old.key --new-key-file new.key
              pbtool db rotate-key --key-file login.key --passphrase-stdin < pass.txt
            """
    )

    @OptionGroup var store: StoreOptions

    @Flag(help: "Remove key slots whose secret was not given instead of failing.")
    var dropSlotsWithoutSecret = false

    @Option(help: ArgumentHelp("Replace the unlocking slot with this new key file (created, mode 0600).", valueName: "file"))
    var newKeyFile: String?

    @Flag(name: .customLong("new-passphrase-stdin"), help: "Replace the unlocking slot with a passphrase read from standard input.")
    var newPassphraseFromStandardInput = false

    @Flag(help: "Print the result as JSON.")
    var json = false

    struct Output: Encodable {
        let generation: Int
        let rewrappedTemplates: Int
        let rewrappedUsers: Int
        let rewrappedSlots: [Int]
        let droppedSlots: [Int]
        let newSlot: DBOutput.Slot?
    }

    func run() async throws {
        ProcessHardening.apply()
        let path = store.location.resolved
        let secrets = try store.unlock.secrets(for: path)
        let database = try TemplateDatabase.open(at: path, secrets: secrets)
        let replacement = try replacementSecret()
        let rotate = { () throws -> (RotationSummary, KeySlotInfo?) in
            try self.rotate(database, secrets: secrets, replacement: replacement?.secret)
        }
        let (summary, newSlot) = try replacement?.applying(rotate) ?? rotate()
        let output = Output(generation: summary.newGeneration, rewrappedTemplates: summary.rewrappedTemplates,
                            rewrappedUsers: summary.rewrappedUsers, rewrappedSlots: summary.rewrappedSlots,
                            droppedSlots: summary.droppedSlots, newSlot: newSlot.map(DBOutput.Slot.init))
        if json { return try JSONOutput.print(output) }
        print("New master key (generation \(output.generation)): rewrapped \(output.rewrappedTemplates) template key(s), "
              + "\(output.rewrappedUsers) user key(s), slot(s) \(output.rewrappedSlots.map(String.init).joined(separator: ", ")).")
        if !output.droppedSlots.isEmpty { print("Dropped slot(s) \(output.droppedSlots.map(String.init).joined(separator: ", ")).") }
        if let slot = output.newSlot { print("Replaced the unlocking slot with \(slot.text).") }
    }

    /// The rotation and the slot replacement in one transaction, with a progress bar over the
    /// rewrapped rows that is gone before the result is printed.
    private func rotate(_ database: TemplateDatabase, secrets: [KeySecret],
                        replacement: KeySecret?) throws -> (RotationSummary, KeySlotInfo?) {
        let progress = ProgressBar.command("rewrapping", unit: "rows", quiet: json)
        defer { progress.finish() }
        return try database.writeBatch { () throws -> (RotationSummary, KeySlotInfo?) in
            let old = database.unlockedSlotID
            let summary = try database.rotateMasterKey(secrets: secrets, droppingSlotsWithoutSecret: dropSlotsWithoutSecret,
                                                       progress: { progress.update(completed: $0, total: $1) })
            guard let replacement else { return (summary, nil) }
            let slot = try database.addKeySlot(for: replacement)
            try database.removeKeySlot(old)
            return (summary, slot)
        }
    }

    /// The secret replacing the unlocking slot's, if any; a new key file stays staged until
    /// the rotation is about to commit.
    private func replacementSecret() throws -> SecretChoice? {
        guard newKeyFile == nil || !newPassphraseFromStandardInput else {
            throw CommandFailure(.usage, "give either --new-key-file or --new-passphrase-stdin")
        }
        if let newKeyFile {
            let file = try NewKeyFile(path: newKeyFile)
            return SecretChoice(secret: file.secret, newKeyFile: file)
        }
        if newPassphraseFromStandardInput {
            return SecretChoice(secret: try .passphrase(PassphraseReader.standardInputLine(purpose: "the new passphrase")), newKeyFile: nil)
        }
        return nil
    }
}
