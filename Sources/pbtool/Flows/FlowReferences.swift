import APDU
import Biometry
import SmartCard

/// The references and verifier a flow command uses, opened from its options, and the card
/// connection to close afterwards.
final class FlowReferences {
    let database: any ReferenceDatabase
    let verifier: any Verifier
    let host: HostReferences?
    let card: FlowCard?

    private init(database: any ReferenceDatabase, verifier: any Verifier, host: HostReferences?, card: FlowCard?) {
        self.database = database
        self.verifier = verifier
        self.host = host
        self.card = card
    }

    /// Opens the store and/or connects to the card as `options` say. `managing` (enroll,
    /// delete) needs the card's admin key or PIN, checked here before any swipe.
    static func open(_ options: ReferenceOptions, engine: RecognitionEngine, managing: Bool,
                     showSecrets: Bool, trace: ((APDUTraceEntry) -> Void)?) throws -> FlowReferences {
        let host = try options.usesStore ? HostReferences(database: options.store.open(readOnly: !managing), engine: engine) : nil
        guard options.usesCard else {
            return FlowReferences(database: host!, verifier: HostVerifier(references: host!), host: host, card: nil)
        }
        let card = try FlowCard(reader: options.reader, showSecrets: showSecrets, trace: trace)
        let onCard = managing ? try card.references(managedWith: options.adminKey, pin: options.adminPIN) : card.references
        let verifier = CardVerifier(edge: card.edge, reader: card.reader)
        guard let host else { return FlowReferences(database: onCard, verifier: verifier, host: nil, card: card) }
        return FlowReferences(database: MirroredReferences(card: onCard, host: host), verifier: verifier, host: host, card: card)
    }

    /// Stored references the flow left out because they could not be read.
    var unreadable: [UnreadableReference] { host?.unreadable ?? [] }

    /// Closes the card connection (leaving it powered when asked).
    func finish(leavingCardPowered: Bool) {
        card?.disconnect(leavingPowered: leavingCardPowered)
    }
}
