import Dispatch
import Synchronization
import Fingerprint
import SmartCard
import TemplateStore

/// Every reference in the template store, made ready for 1:N identification: decrypted over all
/// cores, decoded and sketched, kept in memory.
///
/// A search first ranks every reference by its ``NeighbourhoodSketch`` (microseconds each), then
/// gives the full matcher the best ``Search/penetration`` of a large gallery (at least
/// ``Search/fullComparisons``); a gallery no larger than that is compared in full. The sketch
/// ranking can drop a genuine reference the full matcher would find; `make bench` measures how
/// often on the FVC sets (docs/identify.md).
public struct HostGallery: Sendable {
    /// One enrolled finger.
    public struct Entry: Sendable {
        /// Whose finger.
        public let user: String
        /// Which finger.
        public let finger: Finger
        /// The reference as stored: minutiae and foreground.
        public let features: FingerprintFeatures
        /// The reference's neighbourhoods, for ranking.
        public let sketch: NeighbourhoodSketch
    }

    /// How much of a gallery the full matcher sees.
    public struct Search: Sendable, Hashable {
        /// Galleries up to this size are compared in full; larger ones give this many best-ranked
        /// references at least to the full matcher.
        public var fullComparisons = 256
        /// Share of a large gallery given to the full matcher.
        public var penetration = 0.02

        public init() {}

        /// References compared in full in a gallery of `count`.
        public func comparisons(in count: Int) -> Int {
            min(count, max(fullComparisons, Int((penetration * Double(count)).rounded(.up))))
        }
    }

    /// The references, in store order.
    public let entries: [Entry]
    /// The share compared in full.
    public let search: Search

    /// A gallery of `entries`.
    public init(entries: [Entry], search: Search = Search()) {
        self.entries = entries
        self.search = search
    }

    /// A stored reference, decrypted but not yet decoded.
    public struct Record: Sendable {
        /// Whose finger.
        public let user: String
        /// Which finger.
        public let finger: Finger
        /// The host template.
        public let bytes: [UInt8]
    }

    /// Called from any thread as references are made ready, with the number ready and the number in all.
    public typealias Progress = @Sendable (_ ready: Int, _ total: Int) -> Void

    /// Loads and sketches every `host` reference of `references`' store.
    public init(loading references: HostReferences, search: Search = Search(), progress: Progress? = nil) throws {
        try self.init(records: try Self.records(in: references), search: search, progress: progress)
    }

    /// Every `host` reference of `references`' store: read on the calling thread (the store is
    /// not thread-safe), decrypted over all cores.
    public static func records(in references: HostReferences) throws -> [Record] {
        let database = references.database
        let names = Dictionary(uniqueKeysWithValues: try database.users().map { ($0.id, $0.name) })
        let sealed = try database.templates(format: .host).compactMap { sealed -> (String, Finger, SealedTemplate)? in
            guard let finger = Finger(rawValue: sealed.record.finger.rawValue),
                  let user = names[sealed.record.userID] else { return nil }
            return (user, finger, sealed)
        }
        return try ParallelMap.map(sealed) { user, finger, template in
            Record(user: user, finger: finger, bytes: try template.decrypt().bytes.copyBytes())
        }
    }

    /// Decodes and sketches `records`, spread over all cores.
    public init(records: [Record], search: Search = Search(), progress: Progress? = nil) throws {
        let ready = Atomic<Int>(0)
        entries = try ParallelMap.map(records) { record in
            do {
                let features = try HostTemplate(bytes: record.bytes).features
                defer { progress?(ready.add(1, ordering: .relaxed).newValue, records.count) }
                return Entry(user: record.user, finger: record.finger, features: features, sketch: NeighbourhoodSketch(features))
            } catch let error as HostTemplateError {
                throw BiometryError.unreadableTemplate(finger: record.finger, user: record.user, detail: error.description)
            }
        }
        self.search = search
    }

    /// The `top` best candidates for `probe` at or above `engine`'s threshold, best first.
    /// Both stages are spread over all cores.
    public func identify(_ probe: PreparedTemplate, engine: RecognitionEngine, top: Int) -> [IdentificationCandidate] {
        let shortlist = self.shortlist(for: probe)
        let scores = ParallelMap.chunkedScores(shortlist.count) { range in
            var matcher = engine.matcher(for: probe)
            return range.map { matcher.score(engine.prepare(entries[shortlist[$0]].features)) }
        }
        return scores.indices
            .filter { engine.threshold.accepts(scores[$0]) }
            .sorted { scores[$0] > scores[$1] }
            .prefix(max(0, top))
            .map { IdentificationCandidate(user: entries[shortlist[$0]].user, finger: entries[shortlist[$0]].finger, score: scores[$0]) }
    }

    /// Indices of the references the full matcher compares: all of a small gallery, else the
    /// best-ranked by sketch.
    public func shortlist(for probe: PreparedTemplate) -> [Int] {
        let count = search.comparisons(in: entries.count)
        guard count < entries.count else { return Array(entries.indices) }
        let sketch = NeighbourhoodSketch(probe)
        let similarities = ParallelMap.chunkedScores(entries.count) { range in
            range.map { sketch.similarity(to: entries[$0].sketch) }
        }
        return Array(similarities.indices.sorted { similarities[$0] > similarities[$1] }.prefix(count))
    }
}
