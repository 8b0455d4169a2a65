import ArgumentParser
import Foundation
import Files
import TemplateStore

/// `pbtool db add`: imports a template file for a user's finger.
struct DBAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Import a template file for a user's finger (the user is created if new).",
        discussion: """
            The file's bytes are stored as they are, sealed, after they decode as the --format given (iso, ansi,
            compact, host): a file that does not is refused with exit 2 and nothing is stored. A user has one
            template per finger and format: use --replace to overwrite it.

            Example:
              pbtool db add --key-file ~/.config/pbtool/store.key --user alice --finger right-index t.iso
            """
    )

    @OptionGroup var store: StoreOptions

    @Option(help: "The user name.")
    var user: String

    @Option(help: "The finger: right-thumb, right-index, right-middle, right-ring, right-little, left-thumb … left-little.")
    var finger: String

    @Option(help: "The template format: iso, ansi, compact or host.")
    var format = "iso"

    @Flag(help: "Replace an existing template for this finger and format.")
    var replace = false

    @Flag(help: "Print the result as JSON.")
    var json = false

    @Argument(help: ArgumentHelp("The template file.", valueName: "file"))
    var file: String

    struct Output: Encodable {
        let user: String
        let replaced: Bool
        let template: DBOutput.Template
    }

    func run() async throws {
        let position = try DBArguments.finger(finger), kind = try DBArguments.format(format)
        let bytes = try TemplateFileIO.read(file)
        try TemplateImportCheck.validate(bytes, as: kind, file: file)
        let database = try store.open()
        let (record, replaced) = try database.writeBatch { () throws -> (TemplateRecord, Bool) in
            let owner = try database.user(named: user) ?? database.addUser(named: user)
            if let existing = try database.templateRecords(user: owner.id, finger: position, format: kind).first {
                guard replace else { throw RecordError.duplicateTemplate(user: user, finger: position, format: kind) }
                return (try database.updateTemplate(existing.id, bytes: bytes), true)
            }
            return (try database.addTemplate(bytes, user: owner.id, finger: position, format: kind), false)
        }
        let output = Output(user: user, replaced: replaced, template: DBOutput.Template(record))
        if json { return try JSONOutput.print(output) }
        print("\(replaced ? "Replaced" : "Added") \(position.name) (\(kind.rawValue), \(bytes.count) bytes) for \(user).")
    }
}

/// Reading template files named on the command line.
enum TemplateFileIO {
    /// Largest template file read.
    static let limit = 1 << 20

    static func read(_ path: String) throws -> [UInt8] {
        try InputFile.read(path, role: "template file", limit: limit)
    }
}
