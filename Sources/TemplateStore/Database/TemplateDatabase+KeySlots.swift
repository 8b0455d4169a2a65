import Foundation

extension TemplateDatabase {
    /// The key slots, without secret material.
    public func keySlots() throws -> [KeySlotInfo] {
        try read { try Self.loadSlots(connection) }.map(\.info)
    }

    /// Adds another way to unlock the store: the master key wrapped under `secret`.
    public func addKeySlot(for secret: KeySecret, label: String? = nil, scrypt: ScryptParameters = .interactive) throws -> KeySlotInfo {
        try write {
            try Self.insertSlot(secret, label: label, scrypt: scrypt, cipher: cipher, connection: connection, parameters: parameters)
        }
    }

    /// Gives a passphrase slot a new passphrase: one row rewrapped with a fresh salt, no
    /// template touched. Copies of the store made before still open with the old passphrase
    /// (rotate the master key to stop that).
    public func changePassphrase(slot id: Int, to passphrase: KeySecret, scrypt: ScryptParameters = .interactive) throws {
        guard scrypt.isAccepted else { throw UnlockError.unacceptableScrypt(scrypt.description) }
        guard passphrase.kind == .passphrase else { throw UnlockError.notAPassphraseSlot(id) }
        let salt = try randomBytes(parameters.saltLength)
        let wrappingKey = try KeySlot.wrappingKey(for: passphrase, salt: salt, scrypt: scrypt)
        let wrapped = try AESKeyWrap.wrap(cipher.masterKey, with: wrappingKey)
        try write {
            try connection.execute("""
                UPDATE key_slots SET salt = ?, scrypt_log_n = ?, scrypt_r = ?, scrypt_p = ?, wrapped_mk = ?, mk_generation = ?
                WHERE slot_id = ? AND kind = 'passphrase'
                """, [.blob(salt), .int(scrypt.logN), .int(scrypt.r), .int(scrypt.p), .blob(wrapped), .int(cipher.generation), .int(id)])
            guard connection.changes == 1 else { throw UnlockError.notAPassphraseSlot(id) }
        }
    }

    /// Removes a key slot; the last one cannot be removed. The master key is unchanged, so a
    /// copy of the old slot still unlocks old copies of the store: rotate to revoke it fully.
    public func removeKeySlot(_ id: Int) throws {
        try write {
            guard try connection.integer("SELECT count(*) FROM key_slots WHERE slot_id != ?", [.int(id)]) > 0 else {
                throw UnlockError.lastSlot
            }
            try connection.execute("DELETE FROM key_slots WHERE slot_id = ?", [.int(id)])
            guard connection.changes == 1 else { throw UnlockError.unknownSlot(id) }
            checkpointPending = true
        }
    }

}
