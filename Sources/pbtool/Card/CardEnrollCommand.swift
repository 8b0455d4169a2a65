import APDU
import ArgumentParser
import BiometricFormats
import SmartCard

/// `pbtool card enroll`: stores a compact-card template as a finger's reference on the card.
struct CardEnrollCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enroll",
        abstract: "Enrol a finger on the card from an ISO 19794-2 compact-card template.",
        discussion: """
            The template file holds compact-card minutiae (3 bytes each, no header), 16 to 60 of \
            them for pbtool's cards; it is sorted to the card's order, never pruned. On a \
            BioManager card the admin key is verified first (--admin-key or PBTOOL_ADMIN_KEY) and \
            the template goes to the finger's container with a bio header declaring the format; \
            on an ISO card (--edge iso) the admin PIN is verified and CHANGE REFERENCE DATA \
            stores it. Enrolling a finger again replaces it and restores its tries. The card is \
            reset afterwards.

            Exit codes: 0 enrolled; 2 bad finger, template or key format; 10 wrong admin key or \
            PIN; 4 admin key blocked; 12 wrong life-cycle state; 3/5/6 transport, reader, card.

            Examples:
              pbtool card enroll --finger right-index --template right-index.compact --admin-key $KEY
              pbtool card enroll --edge iso --finger left-index --template l.compact --admin-pin 87654321
            """
    )

    @OptionGroup var options: CardEdgeOptions
    @OptionGroup var key: AdminKeyOption

    @Option(help: "The finger: right-thumb … right-little, left-thumb … left-little.")
    var finger: Finger

    @Option(help: "The compact-card template file (3 bytes per minutia).")
    var template: String

    @Option(help: "Which edge: auto (BioManager if present), biomanager, iso.")
    var edge: EdgeChoice = .auto

    @Option(help: "The ISO application's admin PIN (reference 83), for --edge iso.")
    var adminPin: String?

    @Option(help: "The ISO application's AID in hex (default: pb-iso F05042424D01).")
    var aid: String?

    func run() throws {
        let minutiae = try CardTemplateFile.read(template)
        let session = try CardEdgeSession(options, changing: "card enroll")
        let report = try session.run(ending: .reset) { transport in
            let selected = try CardBiometricEdge.select(edge, aid: try aid.map(parseAID), on: transport)
            try selected.enroll(finger, minutiae: minutiae,
                                authorisation: try selected.authorisation(key: key, pin: adminPin, for: "enroll"))
            var retriesLeft: Int?
            if case .bioManager(let bioManager) = selected {
                retriesLeft = try bioManager.properties().status(of: finger).retriesLeft
            }
            return Report(finger: finger.name, edge: selected.name, minutiae: minutiae.count, retriesLeft: retriesLeft)
        }
        try options.print(report, lines: ["Enrolled \(report.finger) (\(report.minutiae) minutiae) on the \(report.edge) edge."])
    }

    struct Report: Encodable {
        let finger: String
        let edge: String
        let minutiae: Int
        let retriesLeft: Int?
    }
}

/// `--aid HEX`: 5 to 16 bytes.
func parseAID(_ text: String) throws -> [UInt8] {
    let bytes: [UInt8]
    do {
        bytes = try [UInt8](hex: text)
    } catch {
        throw CommandFailure(.usage, "--aid is not hex: \(error)")
    }
    guard (5...16).contains(bytes.count) else { throw CommandFailure(.usage, "--aid must be 5 to 16 bytes, not \(bytes.count)") }
    return bytes
}
