/// Where a key slot's secret comes from. Passphrase slots stretch the secret with scrypt; the
/// other kinds take a random 32-byte key, and any of them accepts a key from any key source.
public enum KeySlotKind: String, Sendable, CaseIterable, Hashable {
    /// A passphrase a person types (or a script pipes in).
    case passphrase
    /// A 32-byte key in a private file.
    case keyFile = "keyfile"
    /// A 32-byte key printed by a command, e.g. `secret-tool lookup …`.
    case keyCommand = "keycommand"
    /// A 32-byte key in an environment variable (only when explicitly allowed).
    case environment

    /// Whether this kind's secret is stretched with scrypt (a passphrase) or used as a key.
    var isPassphrase: Bool { self == .passphrase }
}
