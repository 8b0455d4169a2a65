import BiometricFormats
import Foundation
import TemplateStore

/// JSON and text renderings shared by the `db` commands (shapes documented in docs/db.md).
enum DBOutput {
    static func date(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }

    static func id(_ id: UUID) -> String {
        id.uuidString.lowercased()
    }

    /// A template's clear metadata.
    struct Template: Encodable {
        let id: String
        let finger: String
        let format: String
        let bytes: Int
        let version: Int
        let created: Date
        let updated: Date

        init(_ record: TemplateRecord) {
            id = DBOutput.id(record.id)
            finger = record.finger.name
            format = record.format.rawValue
            bytes = record.byteCount
            version = record.version
            created = record.createdAt
            updated = record.updatedAt
        }
    }

    /// A key slot, without secrets.
    struct Slot: Encodable {
        struct Cost: Encodable {
            let logN: Int, r: Int, p: Int
        }

        let id: Int
        let kind: String
        let label: String
        let scrypt: Cost?
        let created: Date

        init(_ slot: KeySlotInfo) {
            id = slot.id
            kind = slot.kind.rawValue
            label = slot.label
            scrypt = slot.scrypt.map { Cost(logN: $0.logN, r: $0.r, p: $0.p) }
            created = slot.createdAt
        }

        var text: String {
            let cost = scrypt.map { ", scrypt N=2^\($0.logN) r=\($0.r) p=\($0.p)" } ?? ""
            return "slot \(id): \(kind) \"\(label)\"\(cost), created \(DBOutput.date(created))"
        }
    }
}

extension TemplateDatabase {
    /// The user named `name`, or a usage error saying there is none.
    func existingUser(named name: String) throws -> StoredUser {
        guard let user = try user(named: name) else { throw RecordError.userNotFound(name) }
        return user
    }
}

/// Parses `--finger` and `--format` values with the store's own error messages.
enum DBArguments {
    static func finger(_ name: String) throws -> Finger {
        guard let finger = Finger(name: name) else { throw RecordError.unknownFinger(name) }
        return finger
    }

    static func format(_ name: String) throws -> TemplateFormat {
        guard let format = TemplateFormat(rawValue: name.lowercased()) else { throw RecordError.unknownFormat(name) }
        return format
    }
}
