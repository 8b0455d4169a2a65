import APDU
import ArgumentParser
import SmartCard

/// `pbtool idstore list`: the IDStore's entries, without reading their contents.
struct IDStoreListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the IDStore's entries: name, container, size, who may read and write.",
        discussion: """
            Reads pbtool's directory (container 0) and GET INFO of every container; needs no \
            verification and changes nothing. Containers holding data without a name show as \
            unnamed.

            Exit codes: 0 listed; 12 the card has no IDStore; 3/5/6 transport, reader, card.

            Examples:
              pbtool idstore list
              pbtool idstore list --json
            """
    )

    @OptionGroup var options: CardEdgeOptions

    func run() throws {
        let report = try CardEdgeSession(options).run(ending: .leave) { transport in
            let store = IDStore(transport: transport)
            try store.select()
            let properties = try store.properties()
            return Report(containers: properties.containerCount, capacity: properties.capacity,
                          entries: try store.entries().map(EntryReport.init))
        }
        let lines = ["IDStore: \(report.containers) containers of \(report.capacity) bytes (container 0 is the directory)"]
            + (report.entries.isEmpty ? ["  no entries"] : report.entries.map { "  " + $0.line })
        try options.print(report, lines: lines)
    }

    struct Report: Encodable {
        let containers: Int
        let capacity: Int
        let entries: [EntryReport]
    }
}

/// One IDStore entry as printed by `idstore list`, `idstore put` and `card status`: `read` and
/// `write` are the `--access` names, `readBy` and `writeBy` say who that is in words.
struct EntryReport: Encodable {
    let name: String?
    let container: Int
    let size: Int
    let read: String
    let write: String
    let readBy: String
    let writeBy: String

    init(_ entry: IDStoreEntry) {
        name = entry.name
        container = entry.container
        size = entry.size
        read = entry.access.read.name
        write = entry.access.write.name
        readBy = entry.access.read.holders
        writeBy = entry.access.write.holders
    }

    /// `"vpn": container 1, 13 bytes, read: any enrolled finger, write: the admin key`.
    var line: String {
        "\(name.map { "\"\($0)\"" } ?? "(unnamed)"): container \(container), \(size) bytes, read: \(readBy), write: \(writeBy)"
    }
}
