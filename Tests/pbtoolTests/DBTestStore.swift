import Foundation
import TestSupport

/// A private scratch directory for `pbtool db` tests, removed on release.
final class DBTestStore {
    let directory: String

    init() throws {
        var template = Array((FileManager.default.temporaryDirectory.path + "/pbtool-db-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
        directory = String(cString: made)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    var store: String { directory + "/store/templates.db" }
    var key: String { directory + "/store.key" }

    func path(_ name: String) -> String { directory + "/" + name }

    /// `pbtool db SUBCOMMAND --db STORE --key-file KEY ARGS…`.
    func db(_ subcommand: String, _ arguments: [String] = [], key: String? = nil, input: String? = nil) throws -> PBToolProcess.Outcome {
        try PBToolProcess.run(["db", subcommand, "--db", store, "--key-file", key ?? self.key] + arguments, input: input)
    }

    /// `pbtool db …` with exactly these arguments.
    func raw(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws -> PBToolProcess.Outcome {
        try PBToolProcess.run(["db"] + arguments, input: input, environment: environment)
    }

    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    func mode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int
    }

    /// Decodes a command's JSON output.
    func json(_ outcome: PBToolProcess.Outcome) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any] ?? [:]
    }

    /// Runs SQL with the sqlite3 shell.
    func sqlite3(_ sql: String) throws {
        try ChildProcess.run("/usr/bin/sqlite3", [store, sql])
    }
}

/// A valid ISO/IEC 19794-2 record of about 480 bytes from `seed`.
func templateBytes(_ seed: Int) -> [UInt8] {
    TemplateFixture.record(seed: seed, size: 480)
}
