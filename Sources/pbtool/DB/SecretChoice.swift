import Glibc
import TemplateStore

/// The one secret a new key slot is made for (init, add-slot, rotate-key), and the key file
/// to create for it, if any.
struct SecretChoice {
    let secret: KeySecret
    /// A key file that did not exist: staged, and given its name only around the store change.
    let newKeyFile: NewKeyFile?

    /// The key file created, for messages.
    var createdKeyFile: String? { newKeyFile?.path }

    /// Picks exactly one of the given sources; on a terminal with none given, prompts twice.
    /// A key file that does not exist yet gets a fresh random key.
    static func newSecret(keyFile: String?, keyCommand: String?, passphraseFromStandardInput: Bool,
                          environment: Bool, timeout: Duration) throws -> SecretChoice {
        let given = [keyFile != nil, keyCommand != nil, passphraseFromStandardInput, environment].filter { $0 }.count
        guard given <= 1 else { throw CommandFailure(.usage, "give only one key source for the new key slot") }
        if let keyFile {
            if PrivateFile.exists(keyFile) { return SecretChoice(secret: try .keyFile(at: keyFile), newKeyFile: nil) }
            let created = try NewKeyFile(path: keyFile)
            return SecretChoice(secret: created.secret, newKeyFile: created)
        }
        if let keyCommand { return SecretChoice(secret: try .keyCommand(keyCommand, timeout: timeout), newKeyFile: nil) }
        if environment { return SecretChoice(secret: try .environment(allowed: true), newKeyFile: nil) }
        if passphraseFromStandardInput {
            return SecretChoice(secret: try .passphrase(PassphraseReader.standardInputLine(purpose: "the new passphrase")), newKeyFile: nil)
        }
        guard PassphraseReader.standardInputIsTerminal else {
            throw CommandFailure(.usage, "no key source: give --key-file, --key-command, --passphrase-stdin or --allow-env-key")
        }
        return SecretChoice(secret: try .passphrase(PassphraseReader.promptNew("New passphrase: ")), newKeyFile: nil)
    }

    /// Runs the store change `body`; a new key file is in place (synced) before it commits and
    /// is removed again when it fails, so a refused change leaves no key that unlocks nothing.
    func applying<Result>(_ body: () throws -> Result) throws -> Result {
        guard let newKeyFile else { return try body() }
        return try newKeyFile.installed(while: body)
    }
}

/// Whether something is at a path, symlinks included (they are refused later, with a reason).
enum PrivateFile {
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
