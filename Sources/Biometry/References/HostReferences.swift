import Fingerprint
import TemplateStore

/// References in the host's encrypted template store: per user and finger, the engine's host
/// template (format `host`, what the matcher reads: it keeps the foreground map) and an ISO/IEC
/// 19794-2 record of the same features (format `iso`, for other vendors' software).
public final class HostReferences: ReferenceDatabase {
    /// The open, unlocked store.
    public let database: TemplateDatabase
    /// Turns stored records back into matcher templates.
    public let engine: RecognitionEngine
    /// References left out so far because they could not be read; the others were used.
    public private(set) var unreadable: [UnreadableReference] = []

    /// References in `database`.
    public init(database: TemplateDatabase, engine: RecognitionEngine) {
        self.database = database
        self.engine = engine
    }

    public var name: String { "template store" }

    public func enrolledFingers(of user: String) throws -> [Finger] {
        guard let stored = try database.user(named: user) else { return [] }
        return try database.templateRecords(user: stored.id, format: .host).map(\.finger)
    }

    public func enroll(_ features: FingerprintFeatures, finger: Finger, user: String, replacing: Bool) throws {
        let encodings: [(TemplateFormat, [UInt8])] = [
            (.host, try FingerTemplates.hostTemplate(features)),
            (.iso, try FingerTemplates.isoRecord(features, finger: finger)),
        ]
        try database.writeBatch {
            let owner = try database.user(named: user) ?? database.addUser(named: user)
            let existing = try database.templateRecords(user: owner.id, finger: finger)
            if !existing.isEmpty, !replacing { throw BiometryError.fingerAlreadyEnrolled(finger, user: user, place: name) }
            for (format, bytes) in encodings {
                if let current = existing.first(where: { $0.format == format }) {
                    _ = try database.updateTemplate(current.id, bytes: bytes, expectedVersion: current.version)
                } else {
                    _ = try database.addTemplate(bytes, user: owner.id, finger: finger, format: format)
                }
            }
        }
    }

    public func delete(_ finger: Finger, of user: String) throws {
        guard let stored = try database.user(named: user) else { throw BiometryError.unknownUser(user) }
        let removed = try database.removeTemplates(user: stored.id, finger: finger)
        guard removed > 0 else { throw BiometryError.fingerNotEnrolled(finger, user: user, place: name) }
    }

    public func readableReferences(of user: String) throws -> [Finger: PreparedTemplate]? {
        guard let stored = try database.user(named: user) else { return [:] }
        var references: [Finger: PreparedTemplate] = [:]
        for record in try database.templateRecords(user: stored.id, format: .host) {
            let finger = record.finger
            // One unreadable finger leaves the user's others usable; it is reported, not used.
            do {
                guard let template = try database.template(id: record.id) else { continue }
                references[finger] = try prepared(template, finger: finger, user: user)
            } catch let error as IntegrityError {
                unreadable.append(UnreadableReference(user: user, finger: finger, problem: error.description))
            } catch BiometryError.unreadableTemplate(_, _, let detail) {
                unreadable.append(UnreadableReference(user: user, finger: finger, problem: detail))
            }
        }
        return references
    }

    /// A decrypted record made ready for the matcher.
    func prepared(_ template: DecryptedTemplate, finger: Finger, user: String) throws -> PreparedTemplate {
        do {
            return try FingerTemplates.prepared(hostTemplate: template.bytes.copyBytes(), engine: engine)
        } catch let error as HostTemplateError {
            throw BiometryError.unreadableTemplate(finger: finger, user: user, detail: error.description)
        }
    }
}
