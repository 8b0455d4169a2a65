import Foundation

/// The unlocked keys of one store and the per-row envelope built on them: every row gets its
/// own random key, wrapped under the master key and used once with AES-256-GCM.
final class RowCipher {
    /// A row's key material as stored: the wrapped row key and the sealed payload.
    struct SealedRow {
        var wrappedKey: [UInt8]
        var sealed: [UInt8]
    }

    let storeID: UUID
    let generation: Int
    let masterKey: SecretBytes
    private let nameIndexKey: SecretBytes

    init(storeID: UUID, generation: Int, masterKey: SecretBytes) throws {
        self.storeID = storeID
        self.generation = generation
        self.masterKey = masterKey
        nameIndexKey = try KeyDerivation.hkdf(masterKey, salt: storeID.bytes, info: StoreFormat.nameIndexInfo)
    }

    /// A fresh master key for a new store or a rotation.
    static func generate(storeID: UUID, generation: Int) throws -> RowCipher {
        try RowCipher(storeID: storeID, generation: generation, masterKey: .random(count: 32))
    }

    /// Seals `plaintext` under a new row key, bound to `identity`.
    func seal(_ plaintext: UnsafeRawBufferPointer, identity: RowIdentity) throws -> SealedRow {
        let rowKey = try SecretBytes.random(count: 32)
        return SealedRow(wrappedKey: try AESKeyWrap.wrap(rowKey, with: masterKey),
                         sealed: try AESGCM.seal(plaintext, key: rowKey, additionalData: identity.authenticatedData))
    }

    /// The plaintext, or nil when the row key does not unwrap or the payload does not
    /// authenticate against `identity`.
    func open(_ row: SealedRow, identity: RowIdentity) throws -> SecretBytes? {
        guard let rowKey = try AESKeyWrap.unwrap(row.wrappedKey, with: masterKey), rowKey.count == 32 else { return nil }
        return try AESGCM.open(row.sealed, key: rowKey, additionalData: identity.authenticatedData)
    }

    /// The row key re-wrapped under `successor`'s master key; nil if it does not unwrap here.
    func rewrap(_ wrappedKey: [UInt8], for successor: RowCipher) throws -> [UInt8]? {
        guard let rowKey = try AESKeyWrap.unwrap(wrappedKey, with: masterKey) else { return nil }
        return try AESKeyWrap.wrap(rowKey, with: successor.masterKey)
    }

    /// The keyed hash that lets the store find a user by name without storing the name in clear.
    func nameIndex(_ name: String) throws -> [UInt8] {
        try KeyDerivation.hmacSHA256(key: nameIndexKey, message: Array(name.utf8))
    }

    /// HMAC over the store id and generation: tells a master key of this store from any other.
    func checkValue() throws -> [UInt8] {
        try KeyDerivation.hmacSHA256(key: masterKey, message: StoreFormat.masterKeyCheckLabel + storeID.bytes
            + UInt32(truncatingIfNeeded: generation).bigEndianBytes)
    }
}
