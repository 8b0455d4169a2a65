import APDU
import ArgumentParser
import Files
import Foundation
import SmartCard

/// `pbtool idstore put`: stores a file's bytes under a name, with who may read them.
struct IDStorePutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "put",
        abstract: "Store a file in the IDStore under a name (admin key).",
        discussion: """
            Verifies the BioManager admin key, then erases the entry's container (or takes a free \
            one), sets its access (read: --access, write: admin) and writes the data in 250-byte \
            parts committed at the end; the directory is updated last. --access finger means any \
            finger verified on the card's BioManager releases it. The card is reset afterwards.

            Exit codes: 0 stored; 2 bad name, empty or too large file; 10 wrong admin key; 4 \
            admin key blocked; 12 no IDStore, every container in use or no room in the directory; 3/5/6 transport, reader, \
            card.

            Examples:
              pbtool idstore put vpn-password --from pw.txt --access finger --admin-key $KEY
              pbtool idstore put recovery --from codes.txt --access finger-or-admin
            """
    )

    @OptionGroup var options: CardEdgeOptions
    @OptionGroup var key: AdminKeyOption

    @Argument(help: "The entry's name (1 to 64 bytes of UTF-8).")
    var name: String

    @Option(help: "The file whose bytes to store.")
    var from: String

    @Option(help: "Who may read it: finger, admin, finger-or-admin, anyone.")
    var access: String

    func run() throws {
        guard let condition = IDStoreCondition(name: access) else {
            throw CommandFailure(.usage, "--access must be one of \(IDStoreCondition.allNames.joined(separator: ", ")), not \"\(access)\"")
        }
        let data = try InputFile.read(from, role: "data file", limit: 1 << 16)
        let adminKey = try key.key(for: "idstore put")
        let entry = try CardEdgeSession(options, changing: "idstore put").run(ending: .reset) { transport in
            try IDStore(transport: transport).store(data, named: name, access: IDStoreAccess(write: .admin, read: condition),
                                                    adminKey: adminKey)
        }
        let report = EntryReport(entry)
        try options.print(report, lines: ["Stored \"\(name)\" (\(entry.size) bytes) in container \(entry.container); read: \(report.readBy), write: \(report.writeBy)."])
    }
}

/// `pbtool idstore delete`: erases an entry.
struct IDStoreDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Erase an IDStore entry and drop its name (admin key).",
        discussion: """
            Verifies the BioManager admin key, erases the container (RESET) and removes the name \
            from the directory. The card is reset afterwards.

            Exit codes: 0 deleted; 2 no such entry; 10 wrong admin key; 4 admin key blocked; \
            3/5/6 transport, reader, card.

            Examples:
              pbtool idstore delete vpn-password --admin-key $KEY
            """
    )

    @OptionGroup var options: CardEdgeOptions
    @OptionGroup var key: AdminKeyOption

    @Argument(help: "The entry's name.")
    var name: String

    func run() throws {
        let adminKey = try key.key(for: "idstore delete")
        try CardEdgeSession(options, changing: "idstore delete").run(ending: .reset) { transport in
            try IDStore(transport: transport).remove(named: name, adminKey: adminKey)
        }
        try options.print(["deleted": name], lines: ["Deleted \"\(name)\"."])
    }
}
