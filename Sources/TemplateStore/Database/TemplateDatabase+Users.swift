import Foundation

extension TemplateDatabase {
    /// Adds a user; the name is sealed, and only its keyed hash is stored in clear.
    public func addUser(named name: String) throws -> StoredUser {
        try Self.validate(userName: name)
        let id = try UUID.random()
        let created = Self.now()
        try write {
            let nameIndex = try cipher.nameIndex(name)
            guard try !userExists(nameIndex: nameIndex) else { throw RecordError.duplicateUser(name) }
            let row = try sealUser(name, id: id, version: 1)
            do {
                try connection.execute("""
                    INSERT INTO users (user_uuid, name_index, row_version, key_generation, mk_generation, wrapped_dek, sealed, created_at, updated_at)
                    VALUES (?, ?, 1, 1, ?, ?, ?, ?, ?)
                    """, [.blob(id.bytes), .blob(nameIndex), .int(cipher.generation),
                          .blob(row.wrappedKey), .blob(row.sealed), .int(created), .int(created)])
            } catch SQLiteError.constraintUnique {
                throw RecordError.duplicateUser(name)
            }
        }
        let date = Date(timeIntervalSince1970: TimeInterval(created))
        return StoredUser(id: id, name: name, createdAt: date, updatedAt: date)
    }

    /// The user with this name, or nil.
    public func user(named name: String) throws -> StoredUser? {
        let index = try cipher.nameIndex(name)
        let user = try read {
            let found = try connection.firstRow("SELECT \(Self.userColumns) FROM users WHERE name_index = ?", [.blob(index)]) { try openUser($0) }
            if found == nil { _ = try userExists(nameIndex: index) }
            return found
        }
        // A name index copied from another row would point at the wrong user; the sealed name tells.
        if let user, user.name != name { throw IntegrityError.tamperedRow(table: "users", id: user.id) }
        return user
    }

    /// The user with this id, or nil.
    public func user(id: UUID) throws -> StoredUser? {
        try read { try connection.firstRow("SELECT \(Self.userColumns) FROM users WHERE user_uuid = ?", [.blob(id.bytes)]) { try openUser($0) } }
    }

    /// Every user, sorted by name.
    public func users() throws -> [StoredUser] {
        try read { try connection.rows("SELECT \(Self.userColumns) FROM users") { try openUser($0) } }
            .sorted { $0.name < $1.name }
    }

    /// Every user whose row opens, sorted by name, and the ids of rows that do not (they fail
    /// authentication): for read paths that go on past one bad row and report it.
    public func readableUsers() throws -> (users: [StoredUser], unreadable: [UUID]) {
        var unreadable: [UUID] = []
        let users: [StoredUser?] = try read {
            try connection.rows("SELECT \(Self.userColumns) FROM users") { row in
                do { return try openUser(row) } catch is IntegrityError {
                    unreadable.append(UUID(bytes: row.blob(at: 0)) ?? .unreadable)
                    return nil
                }
            }
        }
        return (users.compactMap { $0 }.sorted { $0.name < $1.name }, unreadable)
    }

    /// Renames a user (a new row key and a new sealed name).
    public func renameUser(_ id: UUID, to name: String) throws -> StoredUser {
        try Self.validate(userName: name)
        return try write {
            guard let current = try connection.firstRow("SELECT row_version, created_at FROM users WHERE user_uuid = ?",
                                                        [.blob(id.bytes)], { ($0.int(at: 0), $0.int(at: 1)) })
            else { throw RecordError.userNotFound(id.uuidString.lowercased()) }
            let version = current.0 + 1
            let row = try sealUser(name, id: id, version: version)
            let updated = Self.now()
            do {
                try connection.execute("""
                    UPDATE users SET name_index = ?, row_version = ?, key_generation = ?, mk_generation = ?, wrapped_dek = ?,
                    sealed = ?, updated_at = ? WHERE user_uuid = ?
                    """, [.blob(try cipher.nameIndex(name)), .int(version), .int(version), .int(cipher.generation),
                          .blob(row.wrappedKey), .blob(row.sealed), .int(updated), .blob(id.bytes)])
            } catch SQLiteError.constraintUnique {
                throw RecordError.duplicateUser(name)
            }
            return StoredUser(id: id, name: name, createdAt: Date(timeIntervalSince1970: TimeInterval(current.1)),
                              updatedAt: Date(timeIntervalSince1970: TimeInterval(updated)))
        }
    }

    /// Removes a user and all their templates, then truncates the WAL.
    public func removeUser(_ id: UUID) throws {
        try write {
            try connection.execute("DELETE FROM users WHERE user_uuid = ?", [.blob(id.bytes)])
            guard connection.changes > 0 else { throw RecordError.userNotFound(id.uuidString.lowercased()) }
            checkpointPending = true
        }
    }

    static let userColumns = "user_uuid, name_index, row_version, key_generation, wrapped_dek, sealed, created_at, updated_at"

    /// Decrypts one `users` row read with `userColumns` and checks its name index.
    func openUser(_ row: SQLiteStatement) throws -> StoredUser {
        guard let id = UUID(bytes: row.blob(at: 0)) else { throw IntegrityError.invalidMetadata("a user id is not 16 bytes") }
        let identity = userIdentity(id, version: row.int(at: 2), keyGeneration: row.int(at: 3))
        let sealed = RowCipher.SealedRow(wrappedKey: row.blob(at: 4), sealed: row.blob(at: 5))
        guard let plaintext = try cipher.open(sealed, identity: identity) else {
            throw IntegrityError.tamperedRow(table: "users", id: id)
        }
        let name = plaintext.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
        guard try cipher.nameIndex(name) == row.blob(at: 1) else { throw IntegrityError.tamperedRow(table: "users", id: id) }
        return StoredUser(id: id, name: name, createdAt: Date(timeIntervalSince1970: TimeInterval(row.int(at: 6))),
                          updatedAt: Date(timeIntervalSince1970: TimeInterval(row.int(at: 7))))
    }

    private func sealUser(_ name: String, id: UUID, version: Int) throws -> RowCipher.SealedRow {
        let bytes = Array(name.utf8)
        return try bytes.withUnsafeBytes { try cipher.seal($0, identity: userIdentity(id, version: version, keyGeneration: version)) }
    }

    func userIdentity(_ id: UUID, version: Int, keyGeneration: Int) -> RowIdentity {
        RowIdentity(purpose: .user, storeID: cipher.storeID, rowID: id, userID: id, format: "", finger: 0,
                    rowVersion: version, keyGeneration: keyGeneration)
    }

    static func validate(userName name: String) throws {
        guard (1...128).contains(name.count), !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw RecordError.invalidUserName(name) }
    }
}
