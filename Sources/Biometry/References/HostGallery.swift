import Dispatch
import Fingerprint
import SmartCard
import TemplateStore

/// Every reference in the template store, made ready for 1:N identification: decrypted one at a
/// time, prepared for the matcher, kept in memory.
public struct HostGallery: Sendable {
    /// One enrolled finger.
    public struct Entry: Sendable {
        /// Whose finger.
        public let user: String
        /// Which finger.
        public let finger: Finger
        /// The reference, ready for the matcher.
        public let template: PreparedTemplate
    }

    /// The references, in store order.
    public let entries: [Entry]

    /// A gallery of `entries`.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// A stored reference, decrypted but not yet prepared.
    public struct Record: Sendable {
        /// Whose finger.
        public let user: String
        /// Which finger.
        public let finger: Finger
        /// The host template.
        public let bytes: [UInt8]
    }

    /// Loads and prepares every `host` reference of `references`' store.
    public init(loading references: HostReferences) throws {
        try self.init(records: try Self.records(in: references), engine: references.engine)
    }

    /// Every `host` reference of `references`' store, decrypted on the calling thread (the store
    /// is not thread-safe).
    public static func records(in references: HostReferences) throws -> [Record] {
        let database = references.database
        let names = Dictionary(uniqueKeysWithValues: try database.users().map { ($0.id, $0.name) })
        var records: [Record] = []
        for sealed in try database.templates(format: .host) {
            guard let finger = Finger(rawValue: sealed.record.finger.rawValue),
                  let user = names[sealed.record.userID] else { continue }
            records.append(Record(user: user, finger: finger, bytes: try sealed.decrypt().bytes.copyBytes()))
        }
        return records
    }

    /// Decodes and prepares `records` for the matcher, spread over all cores.
    public init(records: [Record], engine: RecognitionEngine) throws {
        entries = try ParallelMap.map(records) { record in
            do {
                return Entry(user: record.user, finger: record.finger,
                             template: try FingerTemplates.prepared(hostTemplate: record.bytes, engine: engine))
            } catch let error as HostTemplateError {
                throw BiometryError.unreadableTemplate(finger: record.finger, user: record.user, detail: error.description)
            }
        }
    }

    /// The `top` best candidates for `probe` at or above `engine`'s threshold, best first.
    /// Comparisons are spread over all cores, one matcher per worker.
    public func identify(_ probe: PreparedTemplate, engine: RecognitionEngine, top: Int) -> [IdentificationCandidate] {
        let scores = ParallelMap.chunkedScores(entries.count) { range in
            var matcher = engine.matcher(for: probe)
            return range.map { matcher.score(entries[$0].template) }
        }
        return scores.indices
            .filter { engine.threshold.accepts(scores[$0]) }
            .sorted { scores[$0] > scores[$1] }
            .prefix(max(0, top))
            .map { IdentificationCandidate(user: entries[$0].user, finger: entries[$0].finger, score: scores[$0]) }
    }
}
