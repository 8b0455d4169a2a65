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
    /// Stored references left out because they could not be read; the others are searched.
    public let unreadable: [UnreadableReference]

    /// A gallery of `entries`.
    public init(entries: [Entry], search: Search = Search(), unreadable: [UnreadableReference] = []) {
        self.entries = entries
        self.search = search
        self.unreadable = unreadable
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

    /// Loads and sketches every `host` reference of `references`' store. A reference that cannot
    /// be read (its row or its owner's fails authentication, or its bytes are not a host
    /// template) is left out and listed in ``unreadable``: one bad row does not stop everyone
    /// else's identification.
    public init(loading references: HostReferences, search: Search = Search(), progress: Progress? = nil) throws {
        let loaded = try Self.load(references)
        try self.init(records: loaded.records, search: search, unreadable: loaded.unreadable, progress: progress)
    }

    /// Every `host` reference of `references`' store: read on the calling thread (the store is
    /// not thread-safe), decrypted over all cores. Throws on the first that cannot be read.
    public static func records(in references: HostReferences) throws -> [Record] {
        let loaded = try load(references)
        if let first = loaded.unreadable.first { throw first }
        return loaded.records
    }

    /// Decodes and sketches `records`, spread over all cores; a record that is not a host
    /// template joins ``unreadable``.
    public init(records: [Record], search: Search = Search(), unreadable: [UnreadableReference] = [],
                progress: Progress? = nil) throws {
        let ready = Atomic<Int>(0)
        let decoded = try ParallelMap.map(records) { record -> Result<Entry, UnreadableReference> in
            defer { progress?(ready.add(1, ordering: .relaxed).newValue, records.count) }
            do {
                let features = try HostTemplate(bytes: record.bytes).features
                return .success(Entry(user: record.user, finger: record.finger, features: features, sketch: NeighbourhoodSketch(features)))
            } catch let error as HostTemplateError {
                return .failure(UnreadableReference(user: record.user, finger: record.finger, problem: error.description))
            }
        }
        entries = decoded.compactMap { try? $0.get() }
        self.unreadable = unreadable + decoded.compactMap { if case .failure(let problem) = $0 { problem } else { nil } }
        self.search = search
    }

    private static func load(_ references: HostReferences) throws -> (records: [Record], unreadable: [UnreadableReference]) {
        let database = references.database
        let (users, badUsers) = try database.readableUsers()
        let names = Dictionary(uniqueKeysWithValues: users.map { ($0.id, $0.name) })
        var unreadable = badUsers.map { UnreadableReference(user: $0.uuidString.lowercased(), finger: nil, problem: "the user row failed authentication") }
        let sealed = try database.templates(format: .host).compactMap { sealed -> (String, Finger, SealedTemplate)? in
            guard let finger = Finger(rawValue: sealed.record.finger.rawValue),
                  let user = names[sealed.record.userID] else { return nil }
            return (user, finger, sealed)
        }
        let opened = try ParallelMap.map(sealed) { user, finger, template -> Result<Record, UnreadableReference> in
            do {
                return .success(Record(user: user, finger: finger, bytes: try template.decrypt().bytes.copyBytes()))
            } catch let error as IntegrityError {
                return .failure(UnreadableReference(user: user, finger: finger, problem: error.description))
            }
        }
        unreadable += opened.compactMap { if case .failure(let problem) = $0 { problem } else { nil } }
        return (opened.compactMap { try? $0.get() }, unreadable)
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
