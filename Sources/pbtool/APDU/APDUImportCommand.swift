import APDUScript
import ArgumentParser
import Foundation

/// `pbtool apdu import`: converts scriptor and apdutool scripts to pbtool's format.
struct APDUImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Convert a scriptor or Java Card apdutool script to pbtool's script format.",
        discussion: """
            The format is detected (apdutool: statements end with ';' or bytes are written 0x..; \
            scriptor otherwise) unless --format says. scriptor files convert line by line with \
            scriptor's own rules (reset, exit, '\\' continuation); apdutool files convert \
            powerup to 'reset cold' and delay to 'sleep'. When LEGACY.expected.out exists beside \
            an apdutool script (its golden output), each command gets the status word and data \
            recorded there as expectations. What could not be carried over is listed on stderr.

            Exit codes: 0 converted; 2 the file cannot be read or is not valid in its format \
            (file:line:column).

            Examples:
              pbtool apdu import legacy.txt --out apdu-scripts/legacy.apdu
              pbtool apdu import wallet.scr --expected wallet.scr.expected.out
            """
    )

    @Argument(help: "The scriptor or apdutool script.")
    var legacy: String

    @Option(help: "Write the converted script here instead of stdout.")
    var out: String?

    @Option(help: "The legacy format: scriptor or apdutool (default: detected).")
    var format: String?

    @Option(help: "apdutool golden output to take expectations from (default: LEGACY.expected.out if present).")
    var expected: String?

    @Flag(help: "Print JSON (format, script, notes) instead of the script.")
    var json = false

    func validate() throws {
        if let format, LegacyScriptFormat(rawValue: format) == nil {
            throw ValidationError("--format must be scriptor or apdutool, not \(format)")
        }
    }

    func run() async throws {
        let output = try CommandOutput.optional(out, force: true, role: "output file", mode: 0o644)
        let text = try read(legacy)
        let chosen = format.flatMap(LegacyScriptFormat.init(rawValue:)) ?? LegacyScriptFormat.detect(text)
        let imported: ImportedScript
        do {
            switch chosen {
            case .scriptor: imported = try ScriptorImporter.convert(text, file: legacy)
            case .apdutool: imported = try APDUToolImporter.convert(text, file: legacy, expectedOutput: try goldenOutput())
            }
        } catch let error as ScriptSyntaxError {
            throw CommandFailure(.usage, error.description)
        }
        do {
            _ = try ScriptLoader { _ in "" }.parse(imported.text, file: out ?? "converted.apdu")
        } catch {
            throw CommandFailure(.software, "the converted script does not parse (a pbtool bug, please report it): \(error)")
        }
        imported.notes.forEach { printError("pbtool: note: \(legacy):\($0)") }
        if json {
            try JSONOutput.print(ImportReport(format: chosen.rawValue, script: imported.text, notes: imported.notes.map(\.description)))
        } else if let output {
            try output.deliver(imported.text)
        } else {
            print(imported.text, terminator: "")
        }
    }

    private func goldenOutput() throws -> String? {
        if let expected { return try read(expected) }
        let beside = legacy + ".expected.out"
        return FileManager.default.fileExists(atPath: beside) ? try read(beside) : nil
    }

    private func read(_ path: String) throws -> String {
        do {
            return try ScriptLoader.text(atPath: path)
        } catch {
            throw CommandFailure(.usage, "cannot read \"\(path)\": \(error.reason)")
        }
    }
}

/// The JSON document of `apdu import --json`.
private struct ImportReport: Encodable {
    let format: String
    let script: String
    let notes: [String]
}
