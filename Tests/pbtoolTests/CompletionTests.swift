import Foundation
import Testing
import TestSupport

/// Tab completion from the argument parser: bash completes with the generated script as a user's
/// shell would; the zsh and fish scripts are checked by those shells when they are installed.
@Suite struct CompletionTests {
    private func script(_ shell: String) throws -> String {
        let outcome = try PBToolProcess.run(["--generate-completion-script", shell])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        return outcome.standardOutput
    }

    /// What bash's completion function offers for `line` (the word under the cursor is its last).
    private func bashCompletions(_ line: String, script: String) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pbtool-completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("pbtool.bash")
        try script.write(to: file, atomically: true, encoding: .utf8)
        let driver = """
            source "$1"
            read -ra COMP_WORDS <<< "$2"
            [[ "$2" == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMP_LINE="$2"; COMP_POINT=${#COMP_LINE}
            _pbtool pbtool "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        // The completion script asks the pbtool on PATH for option values.
        let path = PBToolProcess.executable.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        let outcome = try ToolProcess.check(["bash", "-c", driver, "complete", file.path, line], environment: ["PATH": path])
        return outcome.text.split(separator: "\n").map(String.init).sorted()
    }

    @Test func bashCompletesCommandsOptionsAndValues() throws {
        let bash = try script("bash")
        #expect(try bashCompletions("pbtool en", script: bash) == ["enroll"])
        #expect(try bashCompletions("pbtool image convert a.png b.jp2 --q", script: bash) == ["--quality"])
        #expect(try bashCompletions("pbtool enroll --finger right-i", script: bash) == ["right-index"])
        #expect(try bashCompletions("pbtool card st", script: bash) == ["status"])
        #expect(try bashCompletions("pbtool template extract x.png --format ", script: bash) == ["ansi", "compact", "host", "iso"])
    }

    @Test(arguments: ["zsh", "fish"])
    func zshAndFishScriptsParse(shell: String) throws {
        let text = try script(shell)
        #expect(text.contains("enroll") && text.contains("rotate-key") && text.contains("image-format"))
        guard ToolProcess.isInstalled(shell) else { return }
        let outcome = try ToolProcess.run([shell, "-n"], input: Data(text.utf8))
        #expect(outcome.status == 0, "\(outcome.standardError)")
    }

    @Test func anUnknownShellIsAUsageError() throws {
        let outcome = try PBToolProcess.run(["--generate-completion-script", "tcsh"])
        #expect(outcome.status == 2)
    }
}
