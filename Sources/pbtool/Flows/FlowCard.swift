import APDU
import Biometry
import PCSC
import SmartCard

/// The card a flow command works with: one shared connection to the chosen reader, its
/// transport (trace redacted unless `--log-secrets`), and the biometric edge selected on it.
///
/// Flows run on their own thread and use the connection there; each edge operation (a
/// verification, an enrolment with its authorisation) is one PC/SC transaction, taken by the edge
/// itself, so another application's APDUs never come in between. The command disconnects once
/// the flow has ended.
final class FlowCard {
    let reader: String
    let transport: CardTransport
    let edge: CardBiometricEdge
    private let card: PCSCCard
    private var disconnected = false

    /// How long one card operation of a flow (connecting, a VERIFY, an ENROLL) may take: a card
    /// answers within seconds, so past this the card, its reader or pcscd is stuck.
    static let operationLimit: Duration = .seconds(30)

    /// Connects to `requested` (or the first reader with a card) and selects the edge.
    /// `trace` receives every APDU, with keys, templates and IDStore data hidden unless
    /// `showSecrets`.
    init(reader requested: String?, showSecrets: Bool, trace: ((APDUTraceEntry) -> Void)?) throws {
        OpenCardConnections.opening()
        do {
            let context = try PCSCContext(establishingBefore: PCSCDeadline(after: Self.operationLimit, awaiting: "pcscd"))
            (reader, card) = try context.withDeadline(Self.operationLimit, awaiting: "a connection to the card") {
                let name = try ReaderChoice.choose(requested, context: context).name
                return (name, try context.connect(to: name))
            }
            card.operationLimit = Self.operationLimit
            transport = CardTransport(channel: card, redaction: showSecrets ? .nothing : .cardEdgeSecrets, recordsTrace: false)
            transport.traceObserver = trace
            edge = try CardBiometricEdge.select(on: transport)
        } catch {
            // A connection made is left as it is when its object goes (PCSCCard's deinit).
            OpenCardConnections.notOpened()
            throw error
        }
    }

    /// The card's references for reading and verifying.
    var references: CardReferences {
        CardReferences(edge: edge, reader: reader, authorisation: nil)
    }

    /// The card's references for changing fingers (enroll, delete): the admin key (`key`, on a
    /// BioManager) or PIN (`pin`, on an ISO application) is checked here, before any swipe.
    func references(managedWith key: AdminKeyOption, pin: String?) throws -> CardReferences {
        CardReferences(edge: edge, reader: reader, authorisation: try edge.authorisation(key: key, pin: pin, for: "changing fingers on the card"))
    }

    /// Disconnects. `leavingPowered` keeps a verified finger verified for a following
    /// `pbtool idstore get`; otherwise the card is reset, once no other connection of this
    /// process is open (``OpenCardConnections``).
    func disconnect(leavingPowered: Bool) {
        guard !disconnected else { return }
        disconnected = true
        OpenCardConnections.closing { last in
            // The flow's result is already decided; a card pulled out now changes nothing.
            try? card.disconnect(leavingPowered || !last ? .leave : .reset)
        }
    }

    deinit {
        // A connection never disconnected is left as it is (PCSCCard's deinit): it counts no more.
        if !disconnected { OpenCardConnections.closing { _ in } }
    }
}

// The service hands a card to the flow that verifies on it and disconnects it once that flow has
// ended: one owner at a time, never two threads at once.
extension FlowCard: @unchecked Sendable {}
