import APDU
import ArgumentParser
import SmartCard

/// `pbtool card fingers`: the fingers enrolled on the card and their counters.
struct CardFingersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fingers",
        abstract: "List the fingers enrolled on the card, with tries left and verified state.",
        discussion: """
            BioManager cards answer from GET PROPERTIES; ISO cards from their BIT group and an \
            empty VERIFY per finger (which costs no try). Nothing on the card changes.

            Exit codes: 0 listed (also when none is enrolled); 12 the edge is missing; 3/5/6 \
            transport, reader, card.

            Examples:
              pbtool card fingers
              pbtool card fingers --edge iso --json
            """
    )

    @OptionGroup var options: CardEdgeOptions

    @Option(help: "Which edge: auto (BioManager if present), biomanager, iso.")
    var edge: EdgeChoice = .auto

    @Option(help: "The ISO application's AID in hex (default: pb-iso F05042424D01).")
    var aid: String?

    func run() throws {
        let session = try CardEdgeSession(options)
        let report = try session.run(ending: .leave) { transport in
            let selected = try CardBiometricEdge.select(edge, aid: try aid.map(parseAID), on: transport)
            return Report(edge: selected.name, fingers: try selected.fingerStatuses().map(FingerReport.init))
        }
        let lines = report.fingers.isEmpty ? ["No finger is enrolled (\(report.edge))."]
            : ["Enrolled fingers (\(report.edge)):"] + report.fingers.map(\.line)
        try options.print(report, lines: lines)
    }

    struct Report: Encodable {
        let edge: String
        let fingers: [FingerReport]
    }
}
