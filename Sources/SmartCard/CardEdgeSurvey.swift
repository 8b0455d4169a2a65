import APDU

/// What a card's edges answer, for `card status`: which applications SELECT finds, and what each
/// tells without authentication (life cycle, enrolled fingers, retry counters, IDStore entries).
///
/// Surveying changes nothing on the card (no VERIFY with data is sent, no security state is reset).
public struct CardEdgeSurvey: Sendable {
    /// What one edge came to.
    public enum Finding<Value: Sendable>: Sendable {
        /// SELECT answered `6A82`: the card has no such application.
        case absent
        /// The application answered.
        case present(Value)
        /// The application is there but answered something unexpected.
        case failed(String)
    }

    /// The ISO match-on-card application's references.
    public struct ISOReferences: Sendable {
        /// The BIT group, one entry per enrolled reference.
        public var templates: [BiometricInformation]
        /// Each BIT's reference state from an empty VERIFY, in `templates` order.
        public var states: [ReferenceStatus?]
        /// The `pb-iso` retry list (`DF32`), empty when the card has none.
        public var retryCounters: [RetryCounter]
    }

    /// The IDStore's layout and entries.
    public struct IDStoreContents: Sendable {
        /// Count, capacity and fill.
        public var properties: IDStoreProperties
        /// The entries, when the directory could be read.
        public var entries: [IDStoreEntry]?
    }

    /// The BioManager's GET PROPERTIES.
    public var bioManager: Finding<BioManagerProperties>
    /// The IDStore's layout and entries.
    public var idStore: Finding<IDStoreContents>
    /// The ISO match-on-card application's references.
    public var isoMatchOnCard: Finding<ISOReferences>

    /// Selects each edge in turn and reads what it tells without authentication.
    ///
    /// Throws when the card leaves (or its connection drops) during the survey: what was found
    /// until then is not what the card holds, so it is not reported as an edge's failure.
    public init(transport: CardTransport) throws {
        bioManager = try Self.probe {
            let edge = BioManager(transport: transport)
            try edge.select()
            return try edge.properties()
        }
        idStore = try Self.probe {
            let edge = IDStore(transport: transport)
            try edge.select()
            return IDStoreContents(properties: try edge.properties(), entries: try CardEdgeError.unlessCardGone { try edge.entries() })
        }
        isoMatchOnCard = try Self.probe {
            let edge = ISOMatchOnCard(transport: transport)
            try edge.select()
            let templates = try edge.biometricInformation()
            let states = try templates.map { template in
                try template.referenceQualifier.flatMap { reference in try CardEdgeError.unlessCardGone { try edge.status(of: reference) } }
            }
            let retryCounters = try CardEdgeError.unlessCardGone { try edge.retryCounters() }
            return ISOReferences(templates: templates, states: states, retryCounters: retryCounters ?? [])
        }
    }

    private static func probe<Value>(_ body: () throws -> Value) throws -> Finding<Value> {
        do {
            return .present(try body())
        } catch CardEdgeError.edgeNotFound {
            return .absent
        } catch where CardEdgeError.isCardGone(error) {
            throw error
        } catch {
            return .failed(String(describing: error))
        }
    }
}
