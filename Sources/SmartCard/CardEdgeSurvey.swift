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
    public init(transport: CardTransport) {
        bioManager = Self.probe {
            let edge = BioManager(transport: transport)
            try edge.select()
            return try edge.properties()
        }
        idStore = Self.probe {
            let edge = IDStore(transport: transport)
            try edge.select()
            return IDStoreContents(properties: try edge.properties(), entries: try? edge.entries())
        }
        isoMatchOnCard = Self.probe {
            let edge = ISOMatchOnCard(transport: transport)
            try edge.select()
            let templates = try edge.biometricInformation()
            let states = templates.map { template in template.referenceQualifier.flatMap { try? edge.status(of: $0) } }
            return ISOReferences(templates: templates, states: states, retryCounters: (try? edge.retryCounters()) ?? [])
        }
    }

    private static func probe<Value>(_ body: () throws -> Value) -> Finding<Value> {
        do {
            return .present(try body())
        } catch CardEdgeError.edgeNotFound {
            return .absent
        } catch {
            return .failed(String(describing: error))
        }
    }
}
