import Dispatch
import Fingerprint
import SmartCard
import TemplateStore

/// Every reference in the template store, made ready for 1:N identification: decrypted one at a
/// time, prepared for the matcher, kept in memory.
public struct HostGallery: Sendable {
    /// One enrolled finger.
    public struct Entry: Sendable {
        public let user: String
        public let finger: Finger
        public let template: PreparedTemplate
    }

    /// The references, in store order.
    public let entries: [Entry]

    /// A gallery of `entries`.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// Loads every `iso` reference of `references`' store. Decryption runs on the calling thread
    /// (the store is not thread-safe); preparation is spread over all cores.
    public init(loading references: HostReferences) throws {
        let database = references.database
        let names = Dictionary(uniqueKeysWithValues: try database.users().map { ($0.id, $0.name) })
        var pending: [(user: String, finger: Finger, record: [UInt8])] = []
        for sealed in try database.templates(format: .iso) {
            guard let finger = Finger(rawValue: sealed.record.finger.rawValue),
                  let user = names[sealed.record.userID] else { continue }
            pending.append((user, finger, try sealed.decrypt().bytes.copyBytes()))
        }
        let engine = references.engine
        let prepared = try ParallelMap.map(pending) { item in
            do {
                return Entry(user: item.user, finger: item.finger,
                             template: try FingerTemplates.prepared(isoRecord: item.record, engine: engine))
            } catch let error as TemplateError {
                throw BiometryError.unreadableTemplate(finger: item.finger, user: item.user, detail: error.description)
            }
        }
        entries = prepared
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
