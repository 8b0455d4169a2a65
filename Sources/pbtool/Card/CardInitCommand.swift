import APDU
import ArgumentParser
import SmartCard

/// `pbtool card init`: takes a virgin BioManager card to operational with an admin key.
struct CardInitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Initialise a virgin BioManager card: start key, admin key, operational.",
        discussion: """
            Runs the BioManager life cycle virgin → initialization → operational: LEAVE VIRGIN \
            (the card makes a start key), VERIFY KEY with it, CHANGE KEY to set the admin key, \
            STATE CONTROL to operational. Without --admin-key a random 16-byte key is made and \
            printed once: keep it, enroll, delete, unblock and idstore put need it. The card is \
            reset afterwards, so no key stays verified.

            Exit codes: 0 done; 12 the card is not virgin; 2 a bad --admin-key; 5/6 no reader \
            or card; 3 pcscd or the card failed.

            Examples:
              pbtool card init
              pbtool card init --admin-key 00112233445566778899AABBCCDDEEFF --json
            """
    )

    @OptionGroup var options: CardEdgeOptions

    @Option(help: "The admin key to set, in hex (8 to 16 bytes); default: a random 16-byte key.")
    var adminKey: String?

    func run() throws {
        let key = try adminKey.map { try AdminKeyOption.parse($0) } ?? Self.randomKey()
        let session = try CardEdgeSession(options, changing: "card init")
        let state = try session.run(ending: .reset) { transport in
            try BioManager(transport: transport).initialise(adminKey: key)
        }
        let report = Report(reader: session.reader.name, lifeCycle: state.name,
                            adminKey: adminKey == nil ? key.hexString(separator: "") : nil)
        try options.print(report, lines: report.lines)
    }

    private static func randomKey() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    struct Report: Encodable {
        let reader: String
        let lifeCycle: String
        /// Only when pbtool made the key.
        let adminKey: String?

        var lines: [String] {
            ["Initialised the BioManager card in \(reader): life cycle \(lifeCycle)."]
                + (adminKey.map { ["Admin key (generated; keep it, it is shown only now): \($0)"] } ?? [])
        }
    }
}
