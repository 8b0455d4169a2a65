import ArgumentParser
import TemplateStore

/// `pbtool db delete`: removes a user, or one finger's templates.
struct DBDelete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a user with all their templates, or only one finger's templates.",
        discussion: """
            Deleted rows are also flushed out of the write-ahead log. Old backups still hold them: rotate the
            master key (db rotate-key) and discard old backups to revoke them.

            Examples:
              pbtool db delete --key-file ~/.config/pbtool/store.key --user alice --finger right-index
              pbtool db delete --key-file ~/.config/pbtool/store.key --user alice
            """
    )

    @OptionGroup var store: StoreOptions

    @Option(help: "The user name.")
    var user: String

    @Option(help: "Only this finger's templates (all formats).")
    var finger: String?

    @Flag(help: "Print the result as JSON.")
    var json = false

    struct Output: Encodable {
        let user: String
        let finger: String?
        let removedTemplates: Int
        let removedUser: Bool
    }

    func run() async throws {
        let position = try finger.map(DBArguments.finger)
        let database = try store.open()
        let owner = try database.existingUser(named: user)
        let removed: Int
        if let position {
            removed = try database.removeTemplates(user: owner.id, finger: position)
            guard removed > 0 else { throw RecordError.templateNotFound("for \(user) \(position.name)") }
        } else {
            removed = try database.templateRecords(user: owner.id).count
            try database.removeUser(owner.id)
        }
        let output = Output(user: user, finger: position?.name, removedTemplates: removed, removedUser: position == nil)
        if json { return try JSONOutput.print(output) }
        if let position {
            print("Deleted \(removed) \(position.name) template(s) of \(user).")
        } else {
            print("Deleted user \(user) and \(removed) template(s).")
        }
    }
}
