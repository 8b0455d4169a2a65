import Foundation
import TestSupport

/// A store for the CLI fault tests: `pbtool db … --db STORE --key-file KEY`, the key outside
/// whatever file system the store is put on.
final class StoreScratch {
    let directory: String
    let store: String
    let key: String

    /// A scratch directory for the key and files; the store goes to `storeDirectory` (default: the scratch directory).
    init(storeDirectory: String? = nil) throws {
        var template = Array((FileManager.default.temporaryDirectory.path + "/pbtool-fault-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
        directory = String(cString: made)
        store = (storeDirectory ?? directory) + "/templates.db"
        key = directory + "/store.key"
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func path(_ name: String) -> String { directory + "/" + name }

    /// `pbtool db init` with a new key file.
    func create() throws -> PBToolProcess.Outcome {
        try PBToolProcess.run(["db", "init", "--db", store, "--key-file", key])
    }

    /// `pbtool db SUBCOMMAND --db STORE --key-file KEY ARGS…`.
    func db(_ subcommand: String, _ arguments: [String] = []) throws -> PBToolProcess.Outcome {
        try PBToolProcess.run(dbArguments(subcommand, arguments))
    }

    func dbArguments(_ subcommand: String, _ arguments: [String]) -> [String] {
        ["db", subcommand, "--db", store, "--key-file", key] + arguments
    }

    /// Writes an ISO template file of about `count` bytes derived from `seed`; returns its path and bytes.
    func template(_ seed: Int, count: Int = 480) throws -> (path: String, bytes: [UInt8]) {
        let bytes = TemplateFixture.record(seed: seed, size: count)
        let file = path("t\(seed).iso")
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return (file, bytes)
    }

    /// The user names `db users --json` lists.
    func userNames() throws -> [String] {
        let outcome = try db("users", ["--json"])
        let object = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any]
        return (object?["users"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    /// The template of `user`'s right index, exported to a fresh file in the scratch directory.
    func exported(_ user: String) throws -> [UInt8]? {
        let out = path("export-\(user)-\(UUID().uuidString)")
        guard try db("export", ["--user", user, "--finger", "right-index", "--out", out]).status == 0 else { return nil }
        defer { unlink(out) }
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
    }
}
