import Foundation

/// Runs the built `pbtool` binary, as a user or a script would, and captures what it printed.
public struct PBToolProcess {
    public struct Outcome: Sendable {
        public let status: Int32
        public let standardOutput: String
        public let standardError: String
    }

    /// The `pbtool` executable built beside the test bundle (`.build/<config>/pbtool`).
    public static var executable: URL {
        if let override = ProcessInfo.processInfo.environment["PBTOOL_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        return builtExecutable("pbtool")
    }

    /// A product of this package built beside the test bundle (`pbtool`, `pbmanual`).
    public static func builtExecutable(_ name: String) -> URL {
        let bundle = Bundle.main.bundleURL
        var directory = bundle.hasDirectoryPath ? bundle : bundle.deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return SharedData.repositoryRoot.appendingPathComponent(".build/debug/\(name)")
    }

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
