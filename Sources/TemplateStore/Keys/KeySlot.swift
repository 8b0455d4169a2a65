import Foundation

/// A row of `key_slots`: one way to unwrap the master key (the store's "keybag").
struct KeySlot {
    let id: Int
    let kind: KeySlotKind
    let label: String
    let scrypt: ScryptParameters?
    let salt: [UInt8]
    let generation: Int
    let wrappedKey: [UInt8]
    let createdAt: Date

    static let columns = "slot_id, kind, label, scrypt_log_n, scrypt_r, scrypt_p, salt, mk_generation, wrapped_mk, created_at"

    init(row: SQLiteStatement) throws {
        id = row.int(at: 0)
        guard let kind = KeySlotKind(rawValue: row.text(at: 1)) else {
            throw IntegrityError.invalidKeySlot(row.int(at: 0), reason: "unknown kind \(row.text(at: 1))")
        }
        self.kind = kind
        label = row.text(at: 2)
        scrypt = row.isNull(at: 3) ? nil : ScryptParameters(logN: row.int(at: 3), r: row.int(at: 4), p: row.int(at: 5))
        salt = row.blob(at: 6)
        generation = row.int(at: 7)
        wrappedKey = row.blob(at: 8)
        createdAt = Date(timeIntervalSince1970: TimeInterval(row.int(at: 9)))
    }

    var info: KeySlotInfo {
        KeySlotInfo(id: id, kind: kind, label: label, scrypt: scrypt, createdAt: createdAt)
    }

    /// Whether `secret` is the kind of secret this slot takes (passphrase vs 32-byte key).
    func accepts(_ secret: KeySecret) -> Bool {
        kind.isPassphrase == secret.kind.isPassphrase
    }

    /// The master key, if `secret` is this slot's secret; nil otherwise.
    func unwrap(with secret: KeySecret) throws -> SecretBytes? {
        guard accepts(secret) else { return nil }
        if kind.isPassphrase {
            // Refuse before deriving: the parameters come from the file and drive memory use.
            guard let scrypt, scrypt.isAccepted else {
                throw IntegrityError.invalidKeySlot(id, reason: "scrypt parameters \(scrypt?.description ?? "missing") are outside the accepted range")
            }
        }
        let wrappingKey = try Self.wrappingKey(for: secret, salt: salt, scrypt: scrypt)
        return try AESKeyWrap.unwrap(wrappedKey, with: wrappingKey)
    }

    /// The slot key: scrypt for passphrases, HKDF-SHA256 for 32-byte keys.
    static func wrappingKey(for secret: KeySecret, salt: [UInt8], scrypt: ScryptParameters?) throws -> SecretBytes {
        if secret.kind.isPassphrase {
            return try (scrypt ?? .interactive).deriveKey(from: secret.material, salt: salt)
        }
        return try KeyDerivation.hkdf(secret.material, salt: salt, info: StoreFormat.keySlotInfo)
    }
}
