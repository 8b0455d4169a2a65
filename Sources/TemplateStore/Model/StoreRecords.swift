import BiometricFormats
import Foundation

/// A user of the store. The name is stored encrypted; only a keyed hash of it is in clear.
public struct StoredUser: Sendable, Hashable {
    public let id: UUID
    public let name: String
    public let createdAt: Date
    public let updatedAt: Date
}

/// What the store knows about a template without decrypting it (all clear columns).
public struct TemplateRecord: Sendable, Hashable {
    public let id: UUID
    public let userID: UUID
    public let finger: Finger
    public let format: TemplateFormat
    /// Starts at 1 and grows by one with every update.
    public let version: Int
    /// Plaintext size in bytes (GCM does not hide lengths).
    public let byteCount: Int
    public let createdAt: Date
    public let updatedAt: Date
}

/// A decrypted template: its record and the plaintext, which is wiped when released.
public struct DecryptedTemplate {
    public let record: TemplateRecord
    public let bytes: SecretBytes
}

/// A key slot as listed: no secret material.
public struct KeySlotInfo: Sendable, Hashable {
    public let id: Int
    public let kind: KeySlotKind
    public let label: String
    /// The scrypt cost, for passphrase slots.
    public let scrypt: ScryptParameters?
    public let createdAt: Date
}

/// The result of `TemplateDatabase.check()`: problems are values here, not errors.
public struct StoreCheckReport: Sendable {
    /// A row that failed its check.
    public struct Finding: Sendable, Hashable {
        public let table: String
        public let id: UUID
        public let problem: String
    }

    /// `PRAGMA integrity_check` output other than "ok".
    public let structureProblems: [String]
    public let findings: [Finding]
    public let usersChecked: Int
    public let templatesChecked: Int

    public var isClean: Bool { structureProblems.isEmpty && findings.isEmpty }
}

/// What `rotateMasterKey` did.
public struct RotationSummary: Sendable, Hashable {
    public let newGeneration: Int
    public let rewrappedTemplates: Int
    public let rewrappedUsers: Int
    public let rewrappedSlots: [Int]
    public let droppedSlots: [Int]
}
