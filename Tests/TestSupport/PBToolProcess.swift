import Foundation
import LiveCardStack

/// Runs the built `pbtool` binary, as a user or a script would, and captures what it printed.
public struct PBToolProcess {
    public struct Outcome: Sendable {
        public let status: Int32
        public let standardOutput: String
        public let standardError: String
    }

    /// The `pbtool` executable built beside the test bundle (`.build/<config>/pbtool`).
    public static var executable: URL { PBToolBinary.url }

    /// A product of this package built beside the test bundle (`pbtool`, `pbmanual`).
    public static func builtExecutable(_ name: String) -> URL { PBToolBinary.built(name) }

    /// Runs `pbtool arguments…`, feeding `input` on standard input, with `environment` added to
    /// the test's and the variables in `unsetting` removed (`$USER`), and waits for it to end (a
    /// hang is killed after `limit`).
    public static func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:],
                           unsetting: [String] = [], limit: Duration = TestPatience.limit) throws -> Outcome {
        var merged = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        unsetting.forEach { merged[$0] = nil }
        let child = try ChildProcess(executable.path, arguments, environment: merged,
                                     input: .bytes(input.map { Array($0.utf8) } ?? []))
        let ended = try child.waitForExit(limit: limit)
        return Outcome(status: ended.status, standardOutput: child.standardOutput, standardError: child.standardError)
    }
}
