import Foundation

extension TemplateDatabase {
    /// Replaces the master key in one transaction: every row key is rewrapped under the new
    /// master key and every slot re-wraps it; no template is re-encrypted.
    ///
    /// Every slot needs its secret among `secrets`; slots without one make the call fail, or
    /// are removed when `droppingSlotsWithoutSecret` is true. Row keys themselves do not
    /// change: whoever already holds an old copy of the store and its old master key can still
    /// read the templates that copy holds. `progress` is called after each rewrapped row with the
    /// rows done and the rows in all (templates, then users).
    public func rotateMasterKey(secrets: [KeySecret], droppingSlotsWithoutSecret: Bool = false,
                                progress: ((_ rewrapped: Int, _ total: Int) -> Void)? = nil) throws -> RotationSummary {
        let slots = try read { try Self.loadSlots(connection) }
        let wrappingKeys = try matchWrappingKeys(slots, secrets: secrets)
        let unmatched = slots.map(\.id).filter { wrappingKeys[$0] == nil }
        if !unmatched.isEmpty, !droppingSlotsWithoutSecret { throw UnlockError.slotsWithoutSecret(unmatched) }
        guard !wrappingKeys.isEmpty else { throw UnlockError.lastSlot }
        let successor = try RowCipher.generate(storeID: cipher.storeID, generation: cipher.generation + 1)
        let summary = try write {
            let templateRows = try connection.rows("SELECT template_uuid, wrapped_dek FROM templates") { ($0.blob(at: 0), $0.blob(at: 1)) }
            let userRows = try connection.rows("SELECT \(Self.userColumns) FROM users") { row in
                (user: try openUser(row), wrapped: row.blob(at: 4))
            }
            var counter = RowCounter(total: templateRows.count + userRows.count, progress: progress)
            try rewrapTemplates(templateRows, for: successor, counter: &counter)
            try rewrapUsers(userRows, for: successor, counter: &counter)
            let (templates, users) = (templateRows.count, userRows.count)
            for (id, wrappingKey) in wrappingKeys {
                try connection.execute("UPDATE key_slots SET wrapped_mk = ?, mk_generation = ? WHERE slot_id = ?",
                                       [.blob(try AESKeyWrap.wrap(successor.masterKey, with: wrappingKey)), .int(successor.generation), .int(id)])
            }
            for id in unmatched {
                try connection.execute("DELETE FROM key_slots WHERE slot_id = ?", [.int(id)])
            }
            try connection.execute("UPDATE store_meta SET mk_generation = ?, mk_check = ? WHERE id = 1",
                                   [.int(successor.generation), .blob(try successor.checkValue())])
            checkpointPending = true
            return RotationSummary(newGeneration: successor.generation, rewrappedTemplates: templates, rewrappedUsers: users,
                                   rewrappedSlots: wrappingKeys.keys.sorted(), droppedSlots: unmatched)
        }
        cipher = successor
        if !wrappingKeys.keys.contains(unlockedSlotID), let first = wrappingKeys.keys.min() { unlockedSlotID = first }
        return summary
    }

    /// For each slot, the wrapping key derived from whichever secret opens it to the current master key.
    private func matchWrappingKeys(_ slots: [KeySlot], secrets: [KeySecret]) throws -> [Int: SecretBytes] {
        var keys: [Int: SecretBytes] = [:]
        for slot in slots {
            for secret in secrets where slot.accepts(secret) {
                if slot.kind.isPassphrase, !(slot.scrypt?.isAccepted ?? false) { break }
                let wrappingKey = try KeySlot.wrappingKey(for: secret, salt: slot.salt, scrypt: slot.scrypt)
                if let key = try AESKeyWrap.unwrap(slot.wrappedKey, with: wrappingKey), key.isEqual(to: cipher.masterKey) {
                    keys[slot.id] = wrappingKey
                    break
                }
            }
        }
        return keys
    }

    private func rewrapTemplates(_ rows: [([UInt8], [UInt8])], for successor: RowCipher, counter: inout RowCounter) throws {
        for (id, wrapped) in rows {
            guard let rewrapped = try cipher.rewrap(wrapped, for: successor) else {
                throw IntegrityError.tamperedRow(table: "templates", id: UUID(bytes: id) ?? .unreadable)
            }
            try connection.execute("UPDATE templates SET wrapped_dek = ?, mk_generation = ? WHERE template_uuid = ?",
                                   [.blob(rewrapped), .int(successor.generation), .blob(id)])
            counter.advance()
        }
    }

    /// Users also get a new name index, because its key derives from the master key.
    private func rewrapUsers(_ users: [(user: StoredUser, wrapped: [UInt8])], for successor: RowCipher,
                             counter: inout RowCounter) throws {
        for (user, wrapped) in users {
            guard let rewrapped = try cipher.rewrap(wrapped, for: successor) else {
                throw IntegrityError.tamperedRow(table: "users", id: user.id)
            }
            try connection.execute("UPDATE users SET wrapped_dek = ?, mk_generation = ?, name_index = ? WHERE user_uuid = ?",
                                   [.blob(rewrapped), .int(successor.generation), .blob(try successor.nameIndex(user.name)), .blob(user.id.bytes)])
            counter.advance()
        }
    }
}

/// Counts rewrapped rows for the rotation's progress report.
private struct RowCounter {
    let total: Int
    let progress: ((Int, Int) -> Void)?
    var done = 0

    mutating func advance() {
        done += 1
        progress?(done, total)
    }
}
