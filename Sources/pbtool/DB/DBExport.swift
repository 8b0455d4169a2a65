import ArgumentParser
import TemplateStore

/// `pbtool db export`: writes one decrypted template to a file.
struct DBExport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a user's template for one finger to a file (mode 0600), decrypted.",
        discussion: """
            When the finger has templates in several formats, choose one with --format. --out - writes the raw
            bytes to standard output.

            Example:
              pbtool db export --key-file ~/.config/pbtool/store.key --user alice --finger right-index --out t.iso
            """
    )

    @OptionGroup var store: StoreOptions

    @Option(help: "The user name.")
    var user: String

    @Option(help: "The finger, e.g. right-index.")
    var finger: String

    @Option(help: "The template format, when the finger has several: iso, ansi, compact or host.")
    var format: String?

    @Option(help: ArgumentHelp("The file to write, or - for standard output.", valueName: "file"))
    var out: String

    @Flag(help: "Replace the output file if it exists.")
    var force = false

    @Flag(help: "Print what was written as JSON.")
    var json = false

    struct Output: Encodable {
        let out: String
        let template: DBOutput.Template
    }

    func run() async throws {
        let position = try DBArguments.finger(finger)
        let kind = try format.map(DBArguments.format)
        let output = try CommandOutput(out, force: force, role: "output file")
        let database = try store.open(readOnly: true)
        let owner = try database.existingUser(named: user)
        let candidates = try database.templateRecords(user: owner.id, finger: position, format: kind)
        guard let chosen = candidates.first else {
            throw RecordError.templateNotFound("for \(user) \(position.name)" + (kind.map { " in format \($0.rawValue)" } ?? ""))
        }
        guard candidates.count == 1 else {
            let formats = candidates.map(\.format.rawValue).joined(separator: ", ")
            throw CommandFailure(.usage, "\(user) has \(position.name) templates in several formats (\(formats)); choose one with --format")
        }
        guard let template = try database.template(id: chosen.id) else { throw RecordError.templateNotFound(chosen.id.uuidString) }
        try template.bytes.withUnsafeBytes { try output.deliver($0) }
        if out == "-" { return }
        if json { return try JSONOutput.print(Output(out: out, template: DBOutput.Template(chosen))) }
        print("Wrote \(position.name) (\(chosen.format.rawValue), \(chosen.byteCount) bytes) of \(user) to \(out).")
    }
}
