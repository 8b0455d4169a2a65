import Files
internal import CSQLite
import Foundation

extension TemplateDatabase {
    /// Runs a file check and reports a problem as `StoreError.unsafeFile` naming `path`.
    static func fileCheck(_ path: String, _ check: (String) throws -> Void) throws {
        do {
            try check(path)
        } catch let problem as FileProblem {
            throw StoreError.unsafeFile(path: path, problem: problem)
        }
    }

    /// The directory (owned by us, mode 0700 or narrower), the store file and any WAL/SHM
    /// sidecars (regular files owned by us, mode 0600 or narrower, never symlinks).
    static func checkFiles(_ path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        try fileCheck(directory.isEmpty ? "." : directory) { try PrivateFiles.checkDirectory($0) }
        var present = false
        try fileCheck(path) { present = try PrivateFiles.checkFile($0) == .present }
        guard present else { throw StoreError.notFound(path: path) }
        for sidecar in [path + "-wal", path + "-shm", path + "-journal"] {
            try fileCheck(sidecar) { _ = try PrivateFiles.checkFile($0) }
        }
    }

    /// A write needs the file and its folder (for the `-wal` and `-shm` files) writable: on a
    /// read-only file system, an immutable file or without permission, say so before SQLite
    /// fails with "unable to open database file" in its first pragma.
    static func checkWritable(_ path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        guard access(path, W_OK) == 0, access(directory.isEmpty ? "." : directory, W_OK) == 0 else {
            throw StoreError.readOnly(path: path)
        }
    }

    /// Opens the file and applies the settings every connection needs.
    static func connect(_ path: String, _ parameters: StoreParameters) throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path, options: .init(busyTimeout: parameters.busyTimeout))
        try connection.configure(SQLITE_DBCONFIG_DEFENSIVE, enabled: true)
        // journal_mode is persistent in the file; the other pragmas are per connection.
        _ = try connection.firstRow("PRAGMA journal_mode = WAL") { $0.text(at: 0) }
        // A 1:N search reads every template: with SQLite's default 2 MiB page cache a store of
        // 10,000 (about 12 MiB) is read page by page several times over, 88,000 preads; 64 MiB
        // holds such a store whole.
        try connection.execute("""
            PRAGMA synchronous = FULL;
            PRAGMA foreign_keys = ON;
            PRAGMA secure_delete = ON;
            PRAGMA trusted_schema = OFF;
            PRAGMA cache_size = -65536;
            """)
        return connection
    }

    /// Opens the file for reading only. In a folder nobody can write, SQLite could not create
    /// the `-shm` file a WAL store needs, so the file is read as immutable then, unless a `-wal`
    /// with unmerged changes is there (reading it needs its `-shm`, which then exists too).
    static func connectForReading(_ path: String, _ parameters: StoreParameters) throws -> SQLiteConnection {
        let directory = (path as NSString).deletingLastPathComponent
        let folderWritable = access(directory.isEmpty ? "." : directory, W_OK) == 0
        let pendingLog = (try? FileStatus.of(path + "-wal"))?.size ?? 0 > 0
        let options = SQLiteConnection.OpenOptions(readOnly: true, immutable: !folderWritable && !pendingLog,
                                                   busyTimeout: parameters.busyTimeout)
        let connection = try SQLiteConnection(path: path, options: options)
        try connection.configure(SQLITE_DBCONFIG_DEFENSIVE, enabled: true)
        try connection.execute("""
            PRAGMA foreign_keys = ON;
            PRAGMA trusted_schema = OFF;
            PRAGMA cache_size = -65536;
            """)
        return connection
    }

    /// Refuses SQLite files that are not template stores.
    static func checkIdentity(_ connection: SQLiteConnection) throws {
        let applicationID = try connection.integer("PRAGMA application_id")
        guard applicationID == Int(StoreFormat.applicationID) else {
            throw StoreError.notAStore(path: connection.path)
        }
    }

    /// A copy of the store before its schema changes, next to it, mode 0600.
    static func backUpBeforeMigration(_ connection: SQLiteConnection, from version: Int) throws {
        let destination = "\(connection.path).v\(version)-\(now()).backup"
        try vacuum(connection, into: destination)
    }

    /// A consistent copy of the database in a new file created with mode 0600 (`VACUUM INTO`
    /// would otherwise create it with the umask).
    static func vacuum(_ connection: SQLiteConnection, into destination: String) throws {
        do {
            try PrivateFiles.createFile(destination)
        } catch FileProblem.alreadyExists {
            throw StoreError.alreadyExists(path: destination)
        } catch let problem as FileProblem {
            throw StoreError.unsafeFile(path: destination, problem: problem)
        }
        do {
            connection.forgetStatements()
            try connection.execute("VACUUM INTO ?", [.text(destination)])
        } catch {
            for suffix in ["", "-journal", "-wal"] { unlink(destination + suffix) }
            throw error
        }
    }

    /// Reads the metadata, then tries every secret on every slot that takes its kind.
    static func unlock(_ connection: SQLiteConnection, secrets: [KeySecret]) throws -> (RowCipher, Int) {
        guard let meta = try connection.firstRow(
            "SELECT store_uuid, crypto_version, mk_generation, mk_check FROM store_meta WHERE id = 1",
            [], { ($0.blob(at: 0), $0.int(at: 1), $0.int(at: 2), $0.blob(at: 3)) })
        else { throw IntegrityError.invalidMetadata("the store_meta row is missing") }
        guard let storeID = UUID(bytes: meta.0) else { throw IntegrityError.invalidMetadata("bad store id") }
        guard meta.1 == StoreFormat.cryptoVersion else {
            throw StoreError.unsupportedVersion(path: connection.path, found: meta.1, supported: StoreFormat.cryptoVersion)
        }
        let slots = try loadSlots(connection)
        for secret in secrets {
            for slot in slots where slot.accepts(secret) {
                guard let masterKey = try slot.unwrap(with: secret) else { continue }
                let cipher = try RowCipher(storeID: storeID, generation: meta.2, masterKey: masterKey)
                guard try cipher.checkValue() == meta.3 else { throw IntegrityError.staleKeySlot(slot.id) }
                return (cipher, slot.id)
            }
        }
        let kind = secrets[0].kind
        guard slots.contains(where: { $0.kind.isPassphrase == kind.isPassphrase }) else { throw UnlockError.noSlot(for: kind) }
        throw UnlockError.wrongSecret(kind, origin: secrets[0].origin)
    }

    static func loadSlots(_ connection: SQLiteConnection) throws -> [KeySlot] {
        try connection.rows("SELECT \(KeySlot.columns) FROM key_slots ORDER BY slot_id") { try KeySlot(row: $0) }
    }

    /// Adds a slot holding `cipher`'s master key wrapped under `secret`.
    static func insertSlot(_ secret: KeySecret, label: String?, scrypt: ScryptParameters, cipher: RowCipher,
                           connection: SQLiteConnection, parameters: StoreParameters) throws -> KeySlotInfo {
        let salt = try randomBytes(parameters.saltLength)
        let cost: ScryptParameters? = secret.kind.isPassphrase ? scrypt : nil
        if let cost, !cost.isAccepted { throw UnlockError.unacceptableScrypt(cost.description) }
        let wrappingKey = try KeySlot.wrappingKey(for: secret, salt: salt, scrypt: cost)
        let wrapped = try AESKeyWrap.wrap(cipher.masterKey, with: wrappingKey)
        let created = now()
        try connection.execute("""
            INSERT INTO key_slots (kind, label, kdf, scrypt_log_n, scrypt_r, scrypt_p, salt, mk_generation, wrapped_mk, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(secret.kind.rawValue), .text(label ?? secret.origin), .text(cost == nil ? "hkdf-sha256" : "scrypt"),
                  cost.map { .int($0.logN) } ?? .null, cost.map { .int($0.r) } ?? .null, cost.map { .int($0.p) } ?? .null,
                  .blob(salt), .int(cipher.generation), .blob(wrapped), .int(created)])
        let id = try connection.integer("SELECT last_insert_rowid()")
        return KeySlotInfo(id: id, kind: secret.kind, label: label ?? secret.origin, scrypt: cost,
                           createdAt: Date(timeIntervalSince1970: TimeInterval(created)))
    }

    /// Moves the WAL into the database and truncates it, so deleted rows do not linger in the
    /// `-wal` file. Best effort: readers holding old snapshots can keep frames alive.
    func truncateWAL() {
        _ = try? connection.firstRow("PRAGMA wal_checkpoint(TRUNCATE)") { $0.int(at: 0) }
    }
}
