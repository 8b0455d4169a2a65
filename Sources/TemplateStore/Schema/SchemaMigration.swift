/// One named, ordered step of the schema's history; `version` becomes `PRAGMA user_version`.
struct SchemaMigration: Sendable {
    let version: Int
    let name: String
    let apply: @Sendable (SQLiteConnection) throws -> Void
}

/// The store's schema, as every migration step in order.
enum Schema {
    static let migrations: [SchemaMigration] = [
        SchemaMigration(version: 1, name: "create store tables") { connection in
            try connection.execute(version1)
        },
    ]

    private static let version1 = """
        CREATE TABLE store_meta (
          id             INTEGER PRIMARY KEY CHECK (id = 1),
          store_uuid     BLOB NOT NULL CHECK (length(store_uuid) = 16),
          crypto_version INTEGER NOT NULL,
          mk_generation  INTEGER NOT NULL,
          mk_check       BLOB NOT NULL,
          created_at     INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE key_slots (
          slot_id        INTEGER PRIMARY KEY,
          kind           TEXT NOT NULL CHECK (kind IN ('passphrase', 'keyfile', 'keycommand', 'environment')),
          label          TEXT NOT NULL,
          kdf            TEXT NOT NULL CHECK (kdf IN ('scrypt', 'hkdf-sha256')),
          scrypt_log_n   INTEGER,
          scrypt_r       INTEGER,
          scrypt_p       INTEGER,
          salt           BLOB NOT NULL,
          mk_generation  INTEGER NOT NULL,
          wrapped_mk     BLOB NOT NULL,
          created_at     INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE users (
          user_uuid      BLOB PRIMARY KEY CHECK (length(user_uuid) = 16),
          name_index     BLOB NOT NULL UNIQUE,
          row_version    INTEGER NOT NULL,
          key_generation INTEGER NOT NULL,
          mk_generation  INTEGER NOT NULL,
          wrapped_dek    BLOB NOT NULL,
          sealed         BLOB NOT NULL,
          created_at     INTEGER NOT NULL,
          updated_at     INTEGER NOT NULL
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE templates (
          template_uuid  BLOB PRIMARY KEY CHECK (length(template_uuid) = 16),
          user_uuid      BLOB NOT NULL REFERENCES users(user_uuid) ON DELETE CASCADE,
          finger         INTEGER NOT NULL CHECK (finger BETWEEN 1 AND 10),
          format         TEXT NOT NULL,
          row_version    INTEGER NOT NULL,
          key_generation INTEGER NOT NULL,
          mk_generation  INTEGER NOT NULL,
          wrapped_dek    BLOB NOT NULL,
          sealed         BLOB NOT NULL,
          created_at     INTEGER NOT NULL,
          updated_at     INTEGER NOT NULL,
          UNIQUE (user_uuid, finger, format)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX templates_by_format ON templates(format);
        """
}

/// Brings a store's schema up to date, one step at a time, inside one write transaction.
struct SchemaMigrator {
    let migrations: [SchemaMigration]

    var latestVersion: Int { migrations.last?.version ?? 0 }

    /// The version the file has (`PRAGMA user_version`).
    func currentVersion(of connection: SQLiteConnection) throws -> Int {
        try connection.integer("PRAGMA user_version")
    }

    /// Applies the missing steps. `beforeUpgrade` runs first when an existing (non-empty) store
    /// is about to change, so the caller can take a backup.
    func migrate(_ connection: SQLiteConnection, beforeUpgrade: (Int) throws -> Void) throws -> [String] {
        let found = try currentVersion(of: connection)
        guard found <= latestVersion else {
            throw StoreError.unsupportedVersion(path: connection.path, found: found, supported: latestVersion)
        }
        guard found < latestVersion else { return [] }
        if found > 0 { try beforeUpgrade(found) }
        return try connection.inTransaction(.immediate) {
            // Another process may have migrated between the check and the lock.
            let start = try currentVersion(of: connection)
            if start == 0 { try connection.execute("PRAGMA application_id = \(StoreFormat.applicationID)") }
            var applied: [String] = []
            for step in migrations where step.version > start {
                try step.apply(connection)
                try connection.execute("PRAGMA user_version = \(step.version)")
                applied.append(step.name)
            }
            return applied
        }
    }
}
