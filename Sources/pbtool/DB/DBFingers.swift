import ArgumentParser
import TemplateStore

/// `pbtool db fingers --user U`: lists one user's templates.
struct DBFingers: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fingers",
        abstract: "List the fingers and template formats stored for a user.",
        discussion: """
            Shows clear metadata only; no template is decrypted.

            Example:
              pbtool db fingers --key-file ~/.config/pbtool/store.key --user alice --json
            """
    )

    @OptionGroup var store: StoreOptions

    @Option(help: "The user name.")
    var user: String

    @Flag(help: "Print the result as JSON.")
    var json = false

    struct Output: Encodable {
        let user: String
        let templates: [DBOutput.Template]
    }

    func run() async throws {
        let database = try store.open(readOnly: true)
        let owner = try database.existingUser(named: user)
        let templates = try database.templateRecords(user: owner.id).map(DBOutput.Template.init)
        if json { return try JSONOutput.print(Output(user: user, templates: templates)) }
        if templates.isEmpty { print("\(user) has no templates.") }
        for template in templates {
            print("\(template.finger)  \(template.format)  \(template.bytes) bytes  version \(template.version)  updated \(DBOutput.date(template.updated))")
        }
    }
}
