import APDU
import ArgumentParser
import BiometricFormats
import SmartCard

/// `pbtool card logout`: forgets every verified finger on the card.
struct CardLogoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Forget the fingers verified on the card (RESET STATUS), so IDStore locks again.",
        discussion: """
            BioManager: RESET STATUS for every verified container. ISO application: VERIFY with \
            P1 FF (reset security status) for every verified finger. Edges the card lacks are \
            skipped. The card stays powered; only the verified state goes.

            Exit codes: 0 done; 3/5/6 transport, reader, card.

            Examples:
              pbtool card logout
            """
    )

    @OptionGroup var options: CardEdgeOptions

    func run() throws {
        let report = try CardEdgeSession(options).run(ending: .leave) { transport in
            Report(bioManager: try Self.logOutBioManager(transport)?.map(\.name),
                   iso: try Self.logOutISO(transport))
        }
        let names = (report.bioManager ?? []) + (report.iso ?? [])
        try options.print(report, lines: [names.isEmpty ? "No finger was verified." : "Logged out: \(names.joined(separator: ", "))."])
    }

    /// The fingers logged out, or nil when the card has no BioManager.
    private static func logOutBioManager(_ transport: CardTransport) throws -> [Finger]? {
        let bioManager = BioManager(transport: transport)
        do {
            try bioManager.select()
        } catch CardEdgeError.edgeNotFound {
            return nil
        }
        return try bioManager.logOut()
    }

    /// The fingers (and `user PIN`) logged out, or nil when the card has no ISO application.
    private static func logOutISO(_ transport: CardTransport) throws -> [String]? {
        let iso = ISOMatchOnCard(transport: transport)
        do {
            try iso.select()
        } catch CardEdgeError.edgeNotFound {
            return nil
        }
        var loggedOut: [String] = []
        for template in try iso.biometricInformation() {
            guard let finger = template.finger else { continue }
            let reference = template.referenceQualifier ?? finger.isoReference
            if try iso.status(of: reference) == .verified {
                try iso.resetSecurityStatus(of: reference)
                loggedOut.append(finger.name)
            }
        }
        if try CardEdgeError.unlessCardGone({ try iso.status(of: ISOMatchOnCard.userPIN) }) == .verified {
            try iso.resetSecurityStatus(of: ISOMatchOnCard.userPIN)
            loggedOut.append("user PIN")
        }
        return loggedOut
    }

    struct Report: Encodable {
        /// Fingers logged out on the BioManager; nil when the card has none.
        let bioManager: [String]?
        let iso: [String]?
    }
}
