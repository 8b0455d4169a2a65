import ArgumentParser
import TemplateStore

/// `pbtool db backup OUT`: a consistent, still encrypted copy.
struct DBBackup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Write a consistent copy of the store to a new file (mode 0600), still encrypted.",
        discussion: """
            The copy opens with the same key slots as the store had at the time of the backup; it is checked
            after writing. The output file must not exist.

            Example:
              pbtool db backup --key-file ~/.config/pbtool/store.key ~/backups/templates-$(date +%F).db
            """
    )

    @OptionGroup var store: StoreOptions

    @Flag(help: "Print the result as JSON.")
    var json = false

    @Argument(help: ArgumentHelp("The backup file to create.", valueName: "out"))
    var out: String

    struct Output: Encodable {
        let backup: String
    }

    func run() async throws {
        let database = try store.open(readOnly: true)
        try database.backup(to: out)
        if json { return try JSONOutput.print(Output(backup: out)) }
        print("Wrote backup \(out).")
    }
}
