import BiometricFormats
import Foundation

extension TemplateDatabase {
    /// Stores a template for a user's finger in one format; a user has at most one template per
    /// finger and format (`RecordError.duplicateTemplate` otherwise: update it instead).
    public func addTemplate(_ bytes: [UInt8], user: UUID, finger: Finger, format: TemplateFormat) throws -> TemplateRecord {
        try validate(template: bytes)
        let created = Date(timeIntervalSince1970: TimeInterval(Self.now()))
        let record = TemplateRecord(id: try UUID.random(), userID: user, finger: finger, format: format, version: 1,
                                    byteCount: bytes.count, createdAt: created, updatedAt: created)
        try write {
            let row = try bytes.withUnsafeBytes { try cipher.seal($0, identity: RowIdentity(storeID: cipher.storeID, record: record, keyGeneration: 1)) }
            do {
                try connection.execute("""
                    INSERT INTO templates (template_uuid, user_uuid, finger, format, row_version, key_generation, mk_generation,
                    wrapped_dek, sealed, created_at, updated_at) VALUES (?, ?, ?, ?, 1, 1, ?, ?, ?, ?, ?)
                    """, [.blob(record.id.bytes), .blob(user.bytes), .int(finger.storeCode), .text(format.rawValue),
                          .int(cipher.generation), .blob(row.wrappedKey), .blob(row.sealed),
                          .int(Int(created.timeIntervalSince1970)), .int(Int(created.timeIntervalSince1970))])
            } catch SQLiteError.constraintUnique {
                throw RecordError.duplicateTemplate(user: user.uuidString.lowercased(), finger: finger, format: format)
            } catch SQLiteError.constraintForeignKey {
                throw RecordError.userNotFound(user.uuidString.lowercased())
            }
        }
        return record
    }

    /// Replaces a template's bytes under a new row key; `expectedVersion`, when given, must
    /// match the stored version (else `StoreError.concurrentUpdate`).
    public func updateTemplate(_ id: UUID, bytes: [UInt8], expectedVersion: Int? = nil) throws -> TemplateRecord {
        try validate(template: bytes)
        return try write {
            guard let current = try templateRow("template_uuid = ?", [.blob(id.bytes)]).first else {
                throw RecordError.templateNotFound(id.uuidString.lowercased())
            }
            if let expectedVersion, expectedVersion != current.record.version { throw StoreError.concurrentUpdate(path: path) }
            let old = current.record
            let updated = Date(timeIntervalSince1970: TimeInterval(Self.now()))
            let record = TemplateRecord(id: id, userID: old.userID, finger: old.finger, format: old.format, version: old.version + 1,
                                        byteCount: bytes.count, createdAt: old.createdAt, updatedAt: updated)
            let keyGeneration = current.keyGeneration + 1
            let row = try bytes.withUnsafeBytes {
                try cipher.seal($0, identity: RowIdentity(storeID: cipher.storeID, record: record, keyGeneration: keyGeneration))
            }
            try connection.execute("""
                UPDATE templates SET row_version = ?, key_generation = ?, mk_generation = ?, wrapped_dek = ?, sealed = ?, updated_at = ?
                WHERE template_uuid = ? AND row_version = ?
                """, [.int(record.version), .int(keyGeneration), .int(cipher.generation), .blob(row.wrappedKey), .blob(row.sealed),
                      .int(Int(updated.timeIntervalSince1970)), .blob(id.bytes), .int(old.version)])
            guard connection.changes == 1 else { throw StoreError.concurrentUpdate(path: path) }
            return record
        }
    }

    /// The decrypted template with this id, or nil.
    public func template(id: UUID) throws -> DecryptedTemplate? {
        try read { try templateRow("template_uuid = ?", [.blob(id.bytes)]) }.first?.decrypt(with: cipher)
    }

    /// The decrypted template of a user's finger in one format, or nil.
    public func template(user: UUID, finger: Finger, format: TemplateFormat) throws -> DecryptedTemplate? {
        try read {
            try templateRow("user_uuid = ? AND finger = ? AND format = ?", [.blob(user.bytes), .int(finger.storeCode), .text(format.rawValue)])
        }.first?.decrypt(with: cipher)
    }

    /// All of a user's templates, decrypted, by finger then format.
    public func templates(of user: UUID) throws -> [DecryptedTemplate] {
        try read { try templateRow("user_uuid = ?", [.blob(user.bytes)]) }
            .sorted { ($0.record.finger, $0.record.format.rawValue) < ($1.record.finger, $1.record.format.rawValue) }
            .map { try $0.decrypt(with: cipher) }
    }

    /// Templates' clear metadata, filtered by any of user, finger and format; nothing is decrypted.
    public func templateRecords(user: UUID? = nil, finger: Finger? = nil, format: TemplateFormat? = nil) throws -> [TemplateRecord] {
        var conditions: [String] = ["1"], values: [SQLiteValue] = []
        if let user { conditions.append("user_uuid = ?"); values.append(.blob(user.bytes)) }
        if let finger { conditions.append("finger = ?"); values.append(.int(finger.storeCode)) }
        if let format { conditions.append("format = ?"); values.append(.text(format.rawValue)) }
        let condition = conditions.joined(separator: " AND ")
        return try read {
            let rows = try templateRow(condition, values)
            // A miss is what a damaged index shows: the table is asked too (see rowsMatching).
            if rows.isEmpty, user != nil {
                _ = try rowsMatching(in: "templates", condition, values, index: "index of templates by user, finger and format")
            }
            return rows
        }
            .map(\.record)
            .sorted { ($0.userID.uuidString, $0.finger, $0.format.rawValue) < ($1.userID.uuidString, $1.finger, $1.format.rawValue) }
    }

    /// Every template of one format, for 1:N identification: read in one consistent snapshot
    /// (ciphertexts only, about 600 bytes each) and decrypted one at a time as you iterate.
    public func templates(format: TemplateFormat) throws -> TemplateStream {
        TemplateStream(rows: try read { try templateRow("format = ?", [.text(format.rawValue)]) }, cipher: cipher)
    }

    /// Removes one template, then truncates the WAL.
    public func removeTemplate(_ id: UUID) throws {
        try write {
            try connection.execute("DELETE FROM templates WHERE template_uuid = ?", [.blob(id.bytes)])
            guard connection.changes > 0 else { throw RecordError.templateNotFound(id.uuidString.lowercased()) }
            checkpointPending = true
        }
    }

    /// Removes a user's templates of one finger (all formats), or of every finger; returns how many.
    @discardableResult
    public func removeTemplates(user: UUID, finger: Finger? = nil) throws -> Int {
        try write {
            if let finger {
                try connection.execute("DELETE FROM templates WHERE user_uuid = ? AND finger = ?", [.blob(user.bytes), .int(finger.storeCode)])
            } else {
                try connection.execute("DELETE FROM templates WHERE user_uuid = ?", [.blob(user.bytes)])
            }
            let removed = connection.changes
            checkpointPending = checkpointPending || removed > 0
            return removed
        }
    }

    func templateRow(_ condition: String, _ values: [SQLiteValue]) throws -> [TemplateRow] {
        try connection.rows("SELECT \(TemplateRow.columns) FROM templates WHERE \(condition)", values) { try TemplateRow(row: $0) }
    }

    private func validate(template bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { throw RecordError.emptyTemplate }
        guard bytes.count <= parameters.maximumTemplateSize else {
            throw RecordError.templateTooLarge(bytes: bytes.count, limit: parameters.maximumTemplateSize)
        }
    }
}
