import ArgumentParser
import TemplateStore

/// `pbtool db check`: SQLite structure plus every row's authentication.
struct DBCheck: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the store: SQLite structure (integrity_check) and every sealed row.",
        discussion: """
            The SQLite structure is checked in full (PRAGMA integrity_check: every page, and every index against
            its table). Without a key (--structure-only) that is all. With a key every user and template row is
            opened and each failing row is named: a row that fails authentication, and a template that does not
            decode as its format (which identify and verify leave out, with a warning). Exit status 0 when clean,
            9 when the file structure is damaged (each problem is printed), 11 when rows failed.

            Examples:
              pbtool db check --key-file ~/.config/pbtool/store.key
              pbtool db check --structure-only --json
            """
    )

    @OptionGroup var store: StoreOptions

    @Flag(help: "Only run PRAGMA integrity_check; needs no key.")
    var structureOnly = false

    @Flag(help: "Print the report as JSON.")
    var json = false

    struct Output: Encodable {
        struct Finding: Encodable {
            let table: String
            let id: String
            let problem: String
        }

        let structure: [String]
        let findings: [Finding]
        let usersChecked: Int?
        let templatesChecked: Int?
        let clean: Bool
    }

    func run() async throws {
        ProcessHardening.apply()
        let output: Output
        if structureOnly {
            let problems = try TemplateDatabase.checkStructure(at: store.location.resolved)
            output = Output(structure: problems, findings: [], usersChecked: nil, templatesChecked: nil, clean: problems.isEmpty)
        } else {
            let report = try store.open(readOnly: true).check(decoding: TemplateImportCheck.problem)
            output = Output(structure: report.structureProblems,
                            findings: report.findings.map { .init(table: $0.table, id: DBOutput.id($0.id), problem: $0.problem) },
                            usersChecked: report.usersChecked, templatesChecked: report.templatesChecked, clean: report.isClean)
        }
        if json { try JSONOutput.print(output) } else { printText(output) }
        if !output.structure.isEmpty {
            throw CommandFailure(.store, "\(store.location.resolved): the SQLite structure is damaged (\(output.structure.count) problem(s), "
                                 + "first: \(output.structure[0])); restore a backup (pbtool db backup) or export what still reads")
        }
        if !output.findings.isEmpty { throw CommandFailure(.integrity, "\(output.findings.count) row(s) failed the check") }
    }

    private func printText(_ output: Output) {
        for line in output.structure { print("structure: \(line)") }
        for finding in output.findings { print("\(finding.table) \(finding.id): \(finding.problem)") }
        if output.clean {
            let counted = output.templatesChecked.map { ", \(output.usersChecked ?? 0) user(s) and \($0) template(s) authenticated" } ?? ""
            print("OK: structure sound\(counted).")
        }
    }
}
