import Glibc
import TemplateStore

/// The one secret a new key slot is made for (init, add-slot, passwd, rotate-key).
enum SecretChoice {
    /// Picks exactly one of the given sources; on a terminal with none given, prompts twice.
    /// A key file that does not exist yet is created with a fresh random key.
    static func newSecret(keyFile: String?, keyCommand: String?, passphraseFromStandardInput: Bool,
                          environment: Bool, timeout: Double) throws -> (secret: KeySecret, createdKeyFile: String?) {
        let given = [keyFile != nil, keyCommand != nil, passphraseFromStandardInput, environment].filter { $0 }.count
        guard given <= 1 else { throw CommandFailure(.usage, "give only one key source for the new key slot") }
        if let keyFile {
            if PrivateFile.exists(keyFile) { return (try .keyFile(at: keyFile), nil) }
            return (try .newKeyFile(at: keyFile), keyFile)
        }
        if let keyCommand { return (try .keyCommand(keyCommand, timeout: .milliseconds(Int(timeout * 1000))), nil) }
        if environment { return (try .environment(allowed: true), nil) }
        if passphraseFromStandardInput {
            return (try .passphrase(PassphraseReader.standardInputLine(purpose: "the new passphrase")), nil)
        }
        guard PassphraseReader.standardInputIsTerminal else {
            throw CommandFailure(.usage, "no key source: give --key-file, --key-command, --passphrase-stdin or --allow-env-key")
        }
        return (try .passphrase(PassphraseReader.promptNew("New passphrase: ")), nil)
    }
}

/// Whether something is at a path, symlinks included (they are refused later, with a reason).
enum PrivateFile {
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
