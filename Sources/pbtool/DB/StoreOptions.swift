import ArgumentParser
internal import CShims
import Foundation
import TemplateStore

/// `--db PATH`: which store file.
struct StoreLocation: ParsableArguments {
    @Option(name: .customLong("db"), help: ArgumentHelp("The store file (default: $XDG_DATA_HOME/pbtool/templates.db).", valueName: "path"))
    var path: String?

    var resolved: String { path ?? TemplateDatabase.defaultPath() }
}

/// How the store is unlocked: the options every `db` command that reads or writes takes.
struct UnlockOptions: ParsableArguments {
    @Option(name: .customLong("key-file"), help: ArgumentHelp("A key file (mode 0600) that unlocks the store. Repeatable.", valueName: "file"))
    var keyFiles: [String] = []

    @Option(name: .customLong("key-command"),
            help: ArgumentHelp("A command that prints the key, e.g. 'secret-tool lookup service pbtool'. Repeatable.", valueName: "command"))
    var keyCommands: [String] = []

    @Flag(name: .customLong("passphrase-stdin"), help: "Read the passphrase from the first line of standard input.")
    var passphraseFromStandardInput = false

    @Flag(name: .customLong("allow-env-key"), help: "Also take the key from $PBTOOL_DB_KEY (inherited by child processes: avoid).")
    var allowEnvironmentKey = false

    @Option(name: .customLong("key-command-timeout"), parsing: .unconditional,
            help: ArgumentHelp("How long a key command may take (10, 10s, 500ms, 1m).", valueName: "time"), transform: OptionValue.duration)
    var keyCommandTimeout = DurationArgument(seconds: 10, text: "10s")

    /// Every secret given on the command line; on a terminal with none given, a prompted passphrase.
    func secrets(for path: String) throws -> [KeySecret] {
        try KeySources(keyFiles: keyFiles, keyCommands: keyCommands, passphraseFromStandardInput: passphraseFromStandardInput,
                       environment: allowEnvironmentKey, timeout: keyCommandTimeout.duration).secrets(for: path)
    }
}

/// Key sources as plain values (option groups cannot be built by hand).
struct KeySources {
    var keyFiles: [String] = []
    var keyCommands: [String] = []
    var passphraseFromStandardInput = false
    var environment = false
    var timeout: Duration = .seconds(10)

    /// Loads every source; on a terminal with none given, prompts for the passphrase.
    func secrets(for path: String) throws -> [KeySecret] {
        var secrets = try keyFiles.map { try KeySecret.keyFile(at: $0) }
        secrets += try keyCommands.map { try KeySecret.keyCommand($0, timeout: timeout) }
        if environment { secrets.append(try KeySecret.environment(allowed: true)) }
        if passphraseFromStandardInput {
            secrets.append(try .passphrase(PassphraseReader.standardInputLine(purpose: "the passphrase")))
        }
        if secrets.isEmpty, PassphraseReader.standardInputIsTerminal {
            secrets.append(try .passphrase(PassphraseReader.prompt("Passphrase for \(path): ")))
        }
        guard !secrets.isEmpty else { throw UnlockError.noSecret }
        return secrets
    }
}

/// The store location plus how to unlock it.
struct StoreOptions: ParsableArguments {
    @OptionGroup var location: StoreLocation
    @OptionGroup var unlock: UnlockOptions

    /// Hardens the process, then opens and unlocks the store; `readOnly` for commands that only
    /// read it (they then work on a read-only file system or an immutable file too).
    func open(readOnly: Bool = false) throws -> TemplateDatabase {
        ProcessHardening.apply()
        let path = location.resolved
        return try TemplateDatabase.open(at: path, secrets: unlock.secrets(for: path), readOnly: readOnly)
    }
}

/// What every `db` command does before touching secrets.
enum ProcessHardening {
    /// Files this process creates are private whatever the caller's umask, and a crash leaves
    /// no core dump with keys in it.
    static func apply() {
        umask(0o077)
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
        _ = cshims_disable_core_dumps()
    }
}

/// A hidden option for tests: cheap scrypt parameters so passphrase slots are fast to create.
struct ScryptCostOption: ParsableArguments {
    @Option(name: .customLong("scrypt-log-n"), help: .hidden)
    var logN: Int?

    var parameters: ScryptParameters {
        logN.map { ScryptParameters(logN: $0, r: 8, p: 1) } ?? .interactive
    }
}
