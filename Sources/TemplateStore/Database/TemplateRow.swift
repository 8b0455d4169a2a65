import BiometricFormats
import Foundation

/// A `templates` row as stored: clear columns plus the wrapped row key and sealed payload.
struct TemplateRow {
    let record: TemplateRecord
    let keyGeneration: Int
    let sealed: RowCipher.SealedRow

    static let columns = """
        template_uuid, user_uuid, finger, format, row_version, key_generation, wrapped_dek, sealed, created_at, updated_at
        """

    /// Parses a row read with `columns`; unknown fingers or formats are integrity failures.
    init(row: SQLiteStatement) throws {
        guard let id = UUID(bytes: row.blob(at: 0)), let userID = UUID(bytes: row.blob(at: 1)) else {
            throw IntegrityError.invalidMetadata("a template or user id is not 16 bytes")
        }
        guard let finger = Finger(storeCode: row.int(at: 2)) else {
            throw IntegrityError.invalidRow(table: "templates", id: id, reason: "finger code \(row.int(at: 2))")
        }
        guard let format = TemplateFormat(rawValue: row.text(at: 3)) else {
            throw IntegrityError.invalidRow(table: "templates", id: id, reason: "format \"\(row.text(at: 3))\"")
        }
        sealed = RowCipher.SealedRow(wrappedKey: row.blob(at: 6), sealed: row.blob(at: 7))
        keyGeneration = row.int(at: 5)
        record = TemplateRecord(
            id: id, userID: userID, finger: finger, format: format, version: row.int(at: 4),
            byteCount: max(sealed.sealed.count - AESGCM.overhead, 0),
            createdAt: Date(timeIntervalSince1970: TimeInterval(row.int(at: 8))),
            updatedAt: Date(timeIntervalSince1970: TimeInterval(row.int(at: 9))))
    }

    /// The identity the payload is bound to.
    func identity(storeID: UUID) -> RowIdentity {
        RowIdentity(storeID: storeID, record: record, keyGeneration: keyGeneration)
    }

    /// Decrypts the payload, or reports the row as tampered.
    func decrypt(with cipher: RowCipher) throws -> DecryptedTemplate {
        guard let bytes = try cipher.open(sealed, identity: identity(storeID: cipher.storeID)) else {
            throw IntegrityError.tamperedRow(table: "templates", id: record.id)
        }
        return DecryptedTemplate(record: record, bytes: bytes)
    }
}

extension RowIdentity {
    /// The identity of a template row.
    init(storeID: UUID, record: TemplateRecord, keyGeneration: Int) {
        self.init(purpose: .template, storeID: storeID, rowID: record.id, userID: record.userID,
                  format: record.format.rawValue, finger: record.finger.storeCode,
                  rowVersion: record.version, keyGeneration: keyGeneration)
    }
}
