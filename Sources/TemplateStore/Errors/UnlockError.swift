import Files
/// The store could not be unlocked, or a key source could not deliver its secret.
public enum UnlockError: Error, Sendable, CustomStringConvertible {
    /// No key slot accepted the secret: a wrong passphrase or key.
    case wrongSecret(KeySlotKind, origin: String)
    /// The store has no slot that takes this kind of secret.
    case noSlot(for: KeySlotKind)
    /// No secret was supplied at all.
    case noSecret
    /// A key file (or its directory) failed the checks, or could not be read.
    case keyFile(path: String, problem: FileProblem)
    /// The key material was not 32 bytes as raw bytes, 64 hex digits or base64.
    case malformedKey(origin: String)
    /// The key command exited unsuccessfully; `message` is the start of its standard error.
    case keyCommandFailed(command: String, status: Int32, message: String)
    /// The key command did not finish in time and was killed.
    case keyCommandTimedOut(command: String, after: Duration)
    /// The environment variable is not set (or reading it was not allowed).
    case environmentKeyMissing(variable: String)
    /// Reading a key from the environment was not explicitly allowed.
    case environmentKeyNotAllowed(variable: String)
    /// Passphrases must not be empty.
    case emptyPassphrase
    /// The operation needs a passphrase slot, but this slot is of another kind or does not exist.
    case notAPassphraseSlot(Int)
    /// There is no key slot with this id.
    case unknownSlot(Int)
    /// scrypt parameters for a new slot are outside `ScryptParameters.accepted`.
    case unacceptableScrypt(String)
    /// The last key slot cannot be removed.
    case lastSlot
    /// Master-key rotation needs every slot's secret unless unmatched slots may be dropped.
    case slotsWithoutSecret([Int])

    public var description: String {
        switch self {
        case .wrongSecret(let kind, let origin):
            kind == .passphrase ? "wrong passphrase" : "wrong key (\(origin)): no key slot accepts it"
        case .noSlot(let kind): "the store has no \(kind.rawValue) key slot"
        case .noSecret: "no key given: use --key-file, --key-command, --passphrase-stdin or a terminal prompt"
        case .keyFile(let path, let problem): "key file \(path) \(problem)"
        case .malformedKey(let origin):
            "\(origin): expected a 32-byte key as 64 hex digits, base64, or 32 raw bytes"
        case .keyCommandFailed(let command, let status, let message):
            "key command `\(command)` exited with status \(status)" + (message.isEmpty ? "" : ": \(message)")
        case .keyCommandTimedOut(let command, let after): "key command `\(command)` did not finish within \(after)"
        case .environmentKeyMissing(let variable): "environment variable \(variable) is not set"
        case .environmentKeyNotAllowed(let variable):
            "reading the key from \(variable) needs explicit permission (--allow-env-key)"
        case .emptyPassphrase: "the passphrase is empty"
        case .notAPassphraseSlot(let id): "key slot \(id) is not a passphrase slot"
        case .unknownSlot(let id): "there is no key slot \(id)"
        case .unacceptableScrypt(let parameters): "\(parameters) is outside the accepted range (log2 N 10–20, r 1–16, p 1–4)"
        case .lastSlot: "refusing to remove the last key slot: the store could never be opened again"
        case .slotsWithoutSecret(let ids):
            "no secret given for key slot(s) \(ids.map(String.init).joined(separator: ", ")); "
                + "supply them or allow dropping those slots"
        }
    }
}
