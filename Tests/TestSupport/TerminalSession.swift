import Foundation

/// Runs `pbtool` on a pseudo-terminal, as a person at a terminal would, with util-linux
/// `script(1)`: standard output and standard error are the terminal unless `redirect` sends one
/// of them elsewhere (`">out.txt"`, `"2>err.txt"`). Standard input is /dev/null, so nothing waits
/// for a key.
public enum TerminalSession {
    public static let isAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/script")

    /// What the terminal showed (escape sequences and carriage returns included) and the exit status.
    public static func run(_ arguments: [String], redirect: String = "",
                           environment: [String: String] = [:]) throws -> (status: Int32, screen: String) {
        let words = ([PBToolProcess.executable.path] + arguments).map(quoted).joined(separator: " ")
        let outcome = try ToolProcess.run(["script", "--quiet", "--return", "--command",
                                           "\(words) </dev/null \(redirect)", "/dev/null"],
                                          environment: ["TERM": "xterm-256color", "COLUMNS": "80"].merging(environment) { _, new in new })
        return (outcome.status, outcome.text)
    }

    private static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
