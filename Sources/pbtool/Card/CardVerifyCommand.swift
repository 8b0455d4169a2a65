import APDU
import ArgumentParser
import BiometricFormats
import SmartCard

/// `pbtool card verify`: matches a probe template against a finger on the card.
struct CardVerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify a finger on the card (match on card) with a compact-card probe template.",
        discussion: """
            Reads the card's limits and order for the finger (BioManager bio header, or the ISO \
            BIT), prunes the probe to the card's maximum (farthest from the centre first) and \
            sorts it, then sends it; the card compares and answers. Each try that does not match \
            costs one from the finger's counter; at zero the finger is blocked. pbtool never \
            retries on its own.

            The connection ends leaving the card powered, so the verified finger stays verified \
            for the next command (e.g. pbtool idstore get) until pbtool card logout, a card reset \
            or removal. pcscd powers a card off within about a second of the last application \
            disconnecting, which also ends it: use idstore get --finger to verify and read at once.

            Exit codes: 0 match; 1 no match; 4 blocked; 12 finger not enrolled or wrong state; \
            2 bad finger or template (too few minutiae: nothing is sent, no try is spent); \
            3/5/6 transport, reader, card.

            Examples:
              pbtool card verify --finger right-index --template probe.compact
              pbtool card verify --finger right-index --template probe.compact --json
              pbtool card verify --edge iso --finger left-index --template probe.compact
            """
    )

    @OptionGroup var options: CardEdgeOptions

    @Option(help: "The finger: right-thumb … right-little, left-thumb … left-little.")
    var finger: Finger

    @Option(help: "The compact-card probe template file (3 bytes per minutia).")
    var template: String

    @Option(help: "Which edge: auto (BioManager if present), biomanager, iso.")
    var edge: EdgeChoice = .auto

    @Option(help: "The ISO application's AID in hex (default: pb-iso F05042424D01).")
    var aid: String?

    func run() throws {
        let minutiae = try CardTemplateFile.read(template)
        let session = try CardEdgeSession(options)
        let (edgeName, outcome) = try session.run(ending: .leave) { transport in
            let selected = try CardBiometricEdge.select(edge, aid: try aid.map(parseAID), on: transport)
            return (selected.name, try selected.verify(finger, minutiae: minutiae))
        }
        let report = VerificationReport(finger: finger, edge: edgeName, outcome: outcome)
        try options.print(report, lines: [report.line])
        try report.requireMatch()
    }
}

/// The outcome of a verification as printed, and the exit status it means.
struct VerificationReport: Encodable {
    let finger: String
    let edge: String
    /// `match`, `noMatch`, `blocked`.
    let outcome: String
    let retriesLeft: Int?

    init(finger: Finger, edge: String, outcome: VerificationOutcome) {
        self.finger = finger.name
        self.edge = edge
        self.outcome = outcome.name
        if case .noMatch(let left) = outcome { retriesLeft = left } else { retriesLeft = nil }
    }

    var line: String {
        switch outcome {
        case "match": return "\(finger): match"
        case "blocked": return "\(finger): blocked; an administrator must unblock it (pbtool card unblock)"
        default:
            guard let retriesLeft else { return "\(finger): no match" }
            return "\(finger): no match, " + (retriesLeft == 0 ? "the finger is now blocked"
                : "\(retriesLeft) \(retriesLeft == 1 ? "try" : "tries") left")
        }
    }

    /// Throws the non-zero exit for no match (1) and blocked (4).
    func requireMatch() throws {
        switch outcome {
        case "match": return
        case "blocked": throw CommandFailure(.blocked, "\(finger) is blocked")
        default: throw CommandFailure(.negative, "no match for \(finger)")
        }
    }
}
