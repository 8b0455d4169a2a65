import Foundation
import TestSupport
@testable import TemplateStore

/// A private temporary directory (mode 0700) with a store and a key file in it, removed on release.
final class Scratch {
    let directory: String

    init() throws {
        let template = FileManager.default.temporaryDirectory.path + "/pbtool-store-XXXXXX"
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else { throw POSIXError(.EIO) }
        directory = String(cString: made)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    var storePath: String { directory + "/templates.db" }
    var keyPath: String { directory + "/store.key" }

    func path(_ name: String) -> String { directory + "/" + name }

    /// A new store unlocked by a new key file.
    func makeStore() throws -> TemplateDatabase {
        try TemplateDatabase.create(at: storePath, secret: .newKeyFile(at: keyPath), label: "test")
    }

    func reopen(path: String? = nil) throws -> TemplateDatabase {
        try TemplateDatabase.open(at: path ?? storePath, secrets: [.keyFile(at: keyPath)])
    }

    /// Permission bits of a file, without following symlinks.
    func mode(_ path: String) -> UInt32? {
        PrivateFiles.permissions(path)
    }
}

/// A template-like payload of `count` bytes.
func sampleTemplate(_ seed: Int, count: Int = 500) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ seed &* 13) }
}

/// A passphrase secret from a string.
func passphrase(_ text: String) throws -> KeySecret {
    try .passphrase(SecretBytes(copying: Array(text.utf8)))
}

/// Runs a program and returns its exit status and standard output.
@discardableResult
func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let run = try ChildProcess.run(executable, arguments, mergingErrors: true)
    return (run.status, run.standardOutput)
}

/// Runs SQL on a file with the `sqlite3` command-line shell, as an attacker with file access would.
@discardableResult
func sqlite3(_ path: String, _ sql: String) throws -> String {
    let result = try run("/usr/bin/sqlite3", [path, sql])
    guard result.status == 0 else { throw SQLite3ShellFailure(output: result.output) }
    return result.output
}

/// The helper executable built beside the test bundle.
var writerExecutable: String {
    var directory = Bundle.main.bundleURL
    if !directory.hasDirectoryPath { directory.deleteLastPathComponent() }
    for _ in 0..<3 {
        let candidate = directory.appendingPathComponent("TemplateStoreWriter")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.path }
        directory.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/debug/TemplateStoreWriter").path
}

struct SQLite3ShellFailure: Error, CustomStringConvertible {
    let output: String
    var description: String { "sqlite3 failed: \(output)" }
}
