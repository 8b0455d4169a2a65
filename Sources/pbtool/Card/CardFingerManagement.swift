import APDU
import ArgumentParser
import BiometricFormats
import SmartCard

/// What `card delete` and `card unblock` share: the finger, the edge and its admin credential.
struct FingerManagementOptions: ParsableArguments {
    @OptionGroup var key: AdminKeyOption

    @Option(help: "The finger: right-thumb … right-little, left-thumb … left-little.")
    var finger: Finger

    @Option(help: "Which edge: auto (BioManager if present), biomanager, iso.")
    var edge: EdgeChoice = .auto

    @Option(help: "The ISO application's admin PIN (reference 83), for --edge iso.")
    var adminPin: String?

    @Option(help: "The ISO application's AID in hex (default: pb-iso F05042424D01).")
    var aid: String?

    /// Selects the edge and runs `operation` on it with the administrator's credential (which
    /// the edge verifies in the same transaction); returns the edge's name.
    func run(_ operation: String, transport: CardTransport,
             _ body: (CardBiometricEdge, CardBiometricEdge.Authorisation) throws -> Void) throws -> String {
        let selected = try CardBiometricEdge.select(edge, aid: try aid.map(parseAID), on: transport)
        try body(selected, try selected.authorisation(key: key, pin: adminPin, for: operation))
        return selected.name
    }
}

/// The result of `card delete` / `card unblock`.
struct FingerManagementReport: Encodable {
    let finger: String
    let edge: String
    let action: String
}

/// `pbtool card delete`: removes a finger's reference from the card.
struct CardDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a finger's reference from the card (admin key or admin PIN).",
        discussion: """
            BioManager: VERIFY KEY with the admin key, then DELETE of the finger's container. \
            ISO (--edge iso): VERIFY of the admin PIN, then PUT DATA with an empty template. The \
            card is reset afterwards.

            Exit codes: 0 deleted; 12 not enrolled or wrong life-cycle state; 10 wrong admin key \
            or PIN; 4 admin key blocked; 2 usage; 3/5/6 transport, reader, card.

            Examples:
              pbtool card delete --finger left-index --admin-key $KEY
            """
    )

    @OptionGroup var options: CardEdgeOptions
    @OptionGroup var management: FingerManagementOptions

    func run() throws {
        let finger = management.finger
        let edge = try CardEdgeSession(options, changing: "card delete").run(ending: .reset) { transport in
            try management.run("delete", transport: transport) { try $0.delete(finger, authorisation: $1) }
        }
        try options.print(FingerManagementReport(finger: finger.name, edge: edge, action: "deleted"),
                          lines: ["Deleted \(finger.name) (\(edge))."])
    }
}

/// `pbtool card unblock`: restores a finger's retry counter.
struct CardUnblockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unblock",
        abstract: "Restore a blocked finger's tries (admin key or admin PIN).",
        discussion: """
            BioManager: VERIFY KEY with the admin key, then UNBLOCK of the finger's container. \
            ISO (--edge iso): VERIFY of the admin PIN, then RESET RETRY COUNTER. The card is \
            reset afterwards.

            Exit codes: 0 unblocked; 12 not enrolled or wrong life-cycle state; 10 wrong admin \
            key or PIN; 4 admin key blocked; 2 usage; 3/5/6 transport, reader, card.

            Examples:
              pbtool card unblock --finger right-index --admin-key $KEY
              pbtool card unblock --edge iso --finger right-index --admin-pin 87654321
            """
    )

    @OptionGroup var options: CardEdgeOptions
    @OptionGroup var management: FingerManagementOptions

    func run() throws {
        let finger = management.finger
        let edge = try CardEdgeSession(options, changing: "card unblock").run(ending: .reset) { transport in
            try management.run("unblock", transport: transport) { try $0.unblock(finger, authorisation: $1) }
        }
        try options.print(FingerManagementReport(finger: finger.name, edge: edge, action: "unblocked"),
                          lines: ["Unblocked \(finger.name) (\(edge))."])
    }
}
