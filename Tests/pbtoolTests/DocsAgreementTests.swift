import Foundation
import Testing
import TestSupport

/// Every command's page under docs/ says what its `--help` says: each option is described there,
/// and each exit code the help names is in the page's exit codes and in docs/exit-codes.md.
@Suite struct DocsAgreementTests {
    /// Each command and the pages that document it (the flow commands share enroll.md's table
    /// of common options).
    static let pages: [(command: [String], pages: [String])] = {
        let flows = ["enroll.md"]
        var table: [([String], [String])] = []
        for name in ["readers", "status", "atr", "watch", "emulate", "init", "enroll", "verify", "fingers", "delete", "unblock", "logout"] {
            table.append((["card", name], ["card.md"]))
        }
        table += [(["apdu", "send"], ["apdu.md"]), (["apdu", "run"], ["apdu-scripts.md"]), (["apdu", "import"], ["apdu.md", "apdu-scripts.md"])]
        table += ["list", "info", "capture"].map { (["sensor", $0], ["sensor.md"]) }
        table += ["convert", "info", "show"].map { (["image", $0], ["image.md"]) }
        table += ["init", "users", "fingers", "add", "export", "delete", "slots", "add-slot", "passwd", "rotate-key", "backup", "check"]
            .map { (["db", $0], ["db.md"]) }
        table += ["list", "get", "put", "delete"].map { (["idstore", $0], ["idstore.md"]) }
        table += ["list", "delete", "enroll-more"].map { (["fingers", $0], ["fingers.md", "verify.md"] + flows) }
        table += ["extract", "info", "match"].map { (["template", $0], ["template.md"]) }
        table += ["accuracy", "speed"].map { (["bench", $0], ["bench.md"]) }
        table += ["run", "install"].map { (["service", $0], ["service.md"]) }
        table += [(["synth"], ["synth.md"]), (["enroll"], flows), (["verify"], ["verify.md"] + flows),
                  (["identify"], ["identify.md"] + flows), (["practice"], ["practice.md"] + flows), (["export"], ["export.md"] + flows)]
        return table
    }()

    static func page(_ name: String) throws -> String {
        try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("docs/\(name)"), encoding: .utf8)
    }

    @Test(arguments: pages.indices)
    func thePageDescribesEveryOptionAndExitCodeOfTheHelp(_ index: Int) throws {
        let (command, names) = Self.pages[index]
        let help = try PBToolProcess.run(command + ["--help"])
        #expect(help.status == 0)
        let text = try names.map(Self.page).joined(separator: "\n")
        let options = Set(help.standardOutput.matches(of: /--[a-z][a-z0-9-]+/).map { String($0.output) })
            .subtracting(["--help", "--version"])
        for option in options.sorted() {
            #expect(text.contains(option), "pbtool \(command.joined(separator: " ")): \(option) is not in docs/\(names.joined(separator: ", "))")
        }
        let codes = Self.exitCodes(inHelp: help.standardOutput)
        let documented = Self.exitCodes(inPage: text)
        let table = try Self.page("exit-codes.md")
        for code in codes.sorted() {
            #expect(documented.contains(code), "pbtool \(command.joined(separator: " ")): exit code \(code) is not in the exit codes of docs/\(names[0])")
            #expect(table.contains("| \(code) |"), "exit code \(code) is not in docs/exit-codes.md")
        }
    }

    /// The numbers of the help's "Exit codes:" sentence.
    static func exitCodes(inHelp help: String) -> Set<Int> {
        let flat = help.replacingOccurrences(of: "\n", with: " ")
        guard let start = flat.range(of: "Exit codes:") else { return [] }
        let rest = String(flat[start.upperBound...])
        return numbers(in: rest.components(separatedBy: "See docs")[0].components(separatedBy: "Example")[0])
    }

    /// The numbers of every exit-code paragraph (from the line that names exit codes to the next
    /// blank line) or section of a page.
    static func exitCodes(inPage page: String) -> Set<Int> {
        var codes: Set<Int> = []
        var inSection = false
        var inParagraph = false
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") { inSection = line.lowercased().contains("exit code") }
            if line.lowercased().contains("exit code") { inParagraph = true }
            if line.trimmingCharacters(in: .whitespaces).isEmpty { inParagraph = false }
            if inSection || inParagraph { codes.formUnion(numbers(in: String(line))) }
        }
        return codes
    }

    private static func numbers(in text: String) -> Set<Int> {
        Set(text.matches(of: /(?:^|[^\w.\/-])(\d{1,3})(?![\w.%\/-])/).compactMap { Int($0.output.1) }.filter { $0 <= 130 })
    }
}
