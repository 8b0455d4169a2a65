import ArgumentParser
import TemplateStore

/// `pbtool db users`: lists the users and which fingers they have templates for.
struct DBUsers: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "List the users in the store.",
        discussion: """
            User names are stored encrypted, so listing them needs the key.

            Examples:
              pbtool db users --key-file ~/.config/pbtool/store.key
              pbtool db users --key-file ~/.config/pbtool/store.key --json
            """
    )

    @OptionGroup var store: StoreOptions

    @Flag(help: "Print the result as JSON.")
    var json = false

    struct Output: Encodable {
        struct User: Encodable {
            let name: String
            let id: String
            let templates: Int
            let fingers: [String]
        }

        let users: [User]
    }

    func run() async throws {
        let database = try store.open(readOnly: true)
        let records = try database.templateRecords()
        let users = try database.users().map { user in
            let own = records.filter { $0.userID == user.id }
            return Output.User(name: user.name, id: DBOutput.id(user.id), templates: own.count,
                               fingers: Set(own.map(\.finger)).sorted().map(\.name))
        }
        if json { return try JSONOutput.print(Output(users: users)) }
        if users.isEmpty { print("No users.") }
        for user in users {
            let fingers = user.fingers.isEmpty ? "no templates" : user.fingers.joined(separator: ", ")
            print("\(user.name)  \(user.templates) template(s): \(fingers)")
        }
    }
}
