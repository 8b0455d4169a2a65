import ArgumentParser
import TemplateStore

/// `pbtool db slots`: lists the key slots.
struct DBSlots: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slots",
        abstract: "List the key slots that can unlock the store.",
        discussion: """
            Example:
              pbtool db slots --key-file ~/.config/pbtool/store.key --json
            """
    )

    @OptionGroup var store: StoreOptions

    @Flag(help: "Print the result as JSON.")
    var json = false

    struct Output: Encodable {
        let unlockedWith: Int
        let slots: [DBOutput.Slot]
    }

    func run() async throws {
        let database = try store.open(readOnly: true)
        let output = Output(unlockedWith: database.unlockedSlotID, slots: try database.keySlots().map(DBOutput.Slot.init))
        if json { return try JSONOutput.print(output) }
        for slot in output.slots {
            print(slot.text + (slot.id == output.unlockedWith ? "  (used now)" : ""))
        }
    }
}
