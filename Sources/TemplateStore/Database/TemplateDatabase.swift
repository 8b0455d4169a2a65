import Files
import Foundation

/// An encrypted store of fingerprint templates: users, their fingers and templates in one
/// SQLite file, every secret sealed per row (see docs/db.md for the design).
///
/// Create one with `create(at:secret:)`, open it with `open(at:secrets:)`. Several processes
/// may use the same file; writes wait up to `StoreParameters.busyTimeout` for each other.
/// Not thread-safe: use one instance per thread of control. The keys in memory are wiped when
/// the instance is released.
public final class TemplateDatabase {
    /// The store file.
    public let path: String
    /// The key slot that unlocked the store.
    public internal(set) var unlockedSlotID: Int
    let parameters: StoreParameters
    let connection: SQLiteConnection
    var cipher: RowCipher
    var checkpointPending = false

    /// The store's random identity, bound into every row.
    public var storeID: UUID { cipher.storeID }
    /// How many times the master key has been rotated, plus one.
    public var masterKeyGeneration: Int { cipher.generation }

    init(path: String, parameters: StoreParameters, connection: SQLiteConnection, cipher: RowCipher, slotID: Int) {
        self.path = path
        self.parameters = parameters
        self.connection = connection
        self.cipher = cipher
        self.unlockedSlotID = slotID
    }

    /// `$XDG_DATA_HOME/pbtool/templates.db`, or `~/.local/share/pbtool/templates.db`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return data + "/pbtool/templates.db"
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/share/pbtool/templates.db"
    }

    /// Creates a new store at `path` whose first key slot takes `secret`.
    ///
    /// The directory is created with mode 0700 if needed; the file is created with mode 0600
    /// before SQLite opens it. Nothing is left behind when creation fails.
    public static func create(at path: String, secret: KeySecret, label: String? = nil,
                              scrypt: ScryptParameters = .interactive,
                              parameters: StoreParameters = StoreParameters()) throws -> TemplateDatabase {
        let directory = (path as NSString).deletingLastPathComponent
        try fileCheck(directory.isEmpty ? "." : directory) { try PrivateFiles.makeDirectory($0) }
        if let existing = try? FileStatus.of(path), existing.kind != .regular {
            throw StoreError.unsafeFile(path: path, problem: existing.kind == .symbolicLink ? .symbolicLink : .wrongKind(existing.kind))
        }
        do {
            try PrivateFiles.createFile(path)
        } catch FileProblem.alreadyExists {
            throw StoreError.alreadyExists(path: path)
        } catch let problem as FileProblem {
            throw StoreError.unsafeFile(path: path, problem: problem)
        }
        do {
            return try translating(path, parameters) {
                let connection = try connect(path, parameters)
                _ = try SchemaMigrator(migrations: Schema.migrations).migrate(connection) { _ in }
                let cipher = try RowCipher.generate(storeID: UUID.random(), generation: 1)
                let slot = try connection.inTransaction(.immediate) {
                    try connection.execute(
                        "INSERT INTO store_meta (id, store_uuid, crypto_version, mk_generation, mk_check, created_at) VALUES (1, ?, ?, ?, ?, ?)",
                        [.blob(cipher.storeID.bytes), .int(StoreFormat.cryptoVersion), .int(1), .blob(try cipher.checkValue()), .int(now())])
                    return try insertSlot(secret, label: label, scrypt: scrypt, cipher: cipher, connection: connection, parameters: parameters)
                }
                return TemplateDatabase(path: path, parameters: parameters, connection: connection, cipher: cipher, slotID: slot.id)
            }
        } catch {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
            throw error
        }
    }

    /// Opens the store at `path` with the first of `secrets` that a key slot accepts.
    ///
    /// Checks ownership, permissions and symlinks of the directory and every file first, then
    /// the format and version, migrates an older schema (after a backup next to the file), and
    /// unwraps the master key. Throws `UnlockError.wrongSecret` when no slot accepts any secret.
    ///
    /// `readOnly` opens the file for reading only (commands that only read): it then works on a
    /// read-only file system or an immutable file too, and every write fails with
    /// `StoreError.readOnly`. An older schema is still migrated, which needs write access.
    public static func open(at path: String, secrets: [KeySecret], parameters: StoreParameters = StoreParameters(),
                            readOnly: Bool = false) throws -> TemplateDatabase {
        try open(at: path, secrets: secrets, parameters: parameters, migrations: Schema.migrations, readOnly: readOnly)
    }

    static func open(at path: String, secrets: [KeySecret], parameters: StoreParameters,
                     migrations: [SchemaMigration], readOnly: Bool = false) throws -> TemplateDatabase {
        guard !secrets.isEmpty else { throw UnlockError.noSecret }
        try checkFiles(path)
        if !readOnly { try checkWritable(path) }
        return try translating(path, parameters) {
            let connection = try readOnly ? connectForReading(path, parameters) : connect(path, parameters)
            try checkIdentity(connection)
            let migrator = SchemaMigrator(migrations: migrations)
            if readOnly, try migrator.currentVersion(of: connection) < migrator.latestVersion {
                return try open(at: path, secrets: secrets, parameters: parameters, migrations: migrations, readOnly: false)
            }
            _ = try migrator.migrate(connection) { version in
                try backUpBeforeMigration(connection, from: version)
            }
            let (cipher, slotID) = try unlock(connection, secrets: secrets)
            return TemplateDatabase(path: path, parameters: parameters, connection: connection, cipher: cipher, slotID: slotID)
        }
    }

    /// Runs `body` as one atomic write (`BEGIN IMMEDIATE`): every store call inside it commits
    /// together or not at all. Nested calls use savepoints.
    public func writeBatch<Result>(_ body: () throws -> Result) throws -> Result {
        try write(body)
    }

    /// Runs a write transaction, maps SQLite failures to store errors, and truncates the WAL
    /// after deletions once the outermost transaction has committed.
    func write<Result>(_ body: () throws -> Result) throws -> Result {
        let outermost = !connection.isInTransaction
        let result = try translating { try connection.inTransaction(.immediate, body) }
        if outermost, checkpointPending {
            checkpointPending = false
            truncateWAL()
        }
        return result
    }

    /// Runs a consistent read and maps SQLite failures to store errors.
    func read<Result>(_ body: () throws -> Result) throws -> Result {
        try translating { try connection.inTransaction(.deferred, body) }
    }

    func translating<Result>(_ body: () throws -> Result) throws -> Result {
        try Self.translating(path, parameters, body)
    }

    /// Turns SQLite and OpenSSL binding errors into `StoreError`s naming the file.
    static func translating<Result>(_ path: String, _ parameters: StoreParameters, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as SQLiteError {
            switch error.code {
            case SQLiteError.busy, SQLiteError.locked: throw StoreError.locked(path: path, waited: parameters.busyTimeout)
            case SQLiteError.full: throw StoreError.diskFull(path: path)
            case SQLiteError.readOnly: throw StoreError.readOnly(path: path)
            case SQLiteError.corrupt, SQLiteError.notADatabase: throw StoreError.corrupt(path: path, detail: error.message)
            default: throw StoreError.sqlite(path: path, error)
            }
        } catch let error as OpenSSLError {
            throw StoreError.crypto(error)
        }
    }

    static func now() -> Int {
        Int(Date().timeIntervalSince1970)
    }
}
