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

    /// The names in the scratch directory, hidden ones included (a staged file left behind shows).
    var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted() }

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

extension DBTestStore {
    /// Flips one bit of `key` where it sits in the b-tree page of `index` (a small store's index
    /// is its root page), as a bad sector or a stray write would.
    func flipBit(of key: [UInt8], inIndex index: String) throws {
        let root = try sqliteValue("SELECT rootpage FROM sqlite_schema WHERE name = '\(index)'")
        let pageSize = try sqliteValue("PRAGMA page_size")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: store)))
        let page = (root - 1) * pageSize..<(root * pageSize)
        guard let offset = page.first(where: { bytes[$0..<min($0 + key.count, bytes.count)].elementsEqual(key) }) else {
            throw POSIXError(.ENOENT)
        }
        bytes[offset + key.count / 2] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: store))
    }

    /// A number the sqlite3 shell prints for `sql`.
    func sqliteValue(_ sql: String) throws -> Int {
        let run = try ChildProcess.run("/usr/bin/sqlite3", [store, sql])
        guard let value = Int(run.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) else { throw POSIXError(.EINVAL) }
        return value
    }

    /// Bytes the sqlite3 shell prints as hex for `sql`.
    func sqliteBlob(_ sql: String) throws -> [UInt8] {
        let hex = try ChildProcess.run("/usr/bin/sqlite3", [store, sql]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        return stride(from: 0, to: hex.count, by: 2).compactMap {
            UInt8(hex.dropFirst($0).prefix(2), radix: 16)
        }
    }

    /// `Tests/TemplateStoreWriter DB KEY MODE PREFIX COUNT` (built beside pbtool).
    func writer(_ mode: String, _ prefix: String, count: Int = 1) throws -> ChildProcess.Run {
        let executable = PBToolProcess.executable.deletingLastPathComponent().appendingPathComponent("TemplateStoreWriter").path
        return try ChildProcess.run(executable, [store, key, mode, prefix, String(count)])
    }
}
