import Foundation

/// A secret that unlocks a key slot, or that a new slot is created for, and where it came from.
///
/// A passphrase unlocks passphrase slots (through scrypt). A 32-byte key, from a file, a
/// command or the environment, unlocks any key-file, key-command or environment slot.
public struct KeySecret {
    /// The kind of slot a new slot made from this secret gets.
    public let kind: KeySlotKind
    /// Where the secret came from (a path, a command, a variable name), for messages and labels.
    public let origin: String
    let material: SecretBytes

    /// A passphrase; refused when empty.
    public static func passphrase(_ passphrase: SecretBytes) throws -> KeySecret {
        guard passphrase.count > 0 else { throw UnlockError.emptyPassphrase }
        return KeySecret(kind: .passphrase, origin: "passphrase", material: passphrase)
    }

    /// A 32-byte key obtained some other way (raw bytes, 64 hex digits or base64).
    public static func key(_ key: SecretBytes, kind: KeySlotKind, origin: String) throws -> KeySecret {
        precondition(kind != .passphrase, "use KeySecret.passphrase for passphrases")
        return KeySecret(kind: kind, origin: origin, material: try KeyMaterial.parse(key, origin: origin))
    }

    /// Reads the key in `path`: a regular file owned by the current user, mode 0600 or 0400,
    /// not a symlink.
    public static func keyFile(at path: String) throws -> KeySecret {
        KeySecret(kind: .keyFile, origin: path, material: try KeyFile.read(path))
    }

    /// Creates `path` (mode 0600, must not exist) holding a new random key as 64 hex digits,
    /// at once. Where the file must appear only if a store change succeeds, use ``NewKeyFile``.
    public static func newKeyFile(at path: String) throws -> KeySecret {
        let file = try NewKeyFile(path: path)
        return try file.installed { file.secret }
    }

    /// Runs `command` with `/bin/sh -c` and takes the key from its standard output; the
    /// command is killed after `timeout`.
    public static func keyCommand(_ command: String, timeout: Duration = .seconds(10)) throws -> KeySecret {
        let output = try KeyCommand.run(command, timeout: timeout)
        return KeySecret(kind: .keyCommand, origin: command, material: try KeyMaterial.parse(output, origin: "key command"))
    }

    /// Takes the key from an environment variable, then unsets it; only when `allowed`,
    /// because the environment is inherited by children and readable in `/proc/<pid>/environ`.
    public static func environment(_ variable: String = "PBTOOL_DB_KEY", allowed: Bool) throws -> KeySecret {
        guard allowed else { throw UnlockError.environmentKeyNotAllowed(variable: variable) }
        guard let value = ProcessInfo.processInfo.environment[variable] else {
            throw UnlockError.environmentKeyMissing(variable: variable)
        }
        let raw = SecretBytes(copying: value.utf8)
        unsetenv(variable)
        return KeySecret(kind: .environment, origin: variable, material: try KeyMaterial.parse(raw, origin: variable))
    }
}
