import Foundation
import Testing
import TestSupport

/// A store on a read-only file system (a read-only mount; an immutable folder behaves alike):
/// every command that only reads works, a write is refused in one line (exit 9), never with a
/// raw SQL statement.
@Suite(.serialized) struct ReadOnlyStoreTests {
    @Test(.enabled(if: Tmpfs.isPermitted, "mounting a tmpfs needs root with CAP_SYS_ADMIN"))
    func readCommandsWorkAndWritesAreRefusedInOneLine() throws {
        let disk = try Tmpfs(kibibytes: 2048)
        defer { disk.unmount() }
        let scratch = try StoreScratch(storeDirectory: disk.directory)
        #expect(try scratch.create().status == 0)
        let (file, bytes) = try scratch.template(1)
        #expect(try scratch.db("add", ["--user", "alice", "--finger", "right-index", file]).status == 0)
        try disk.setReadOnly(true)
        defer { try? disk.setReadOnly(false) }

        for command in [["users"], ["fingers", "--user", "alice"], ["slots"], ["check"]] {
            let outcome = try scratch.db(command[0], Array(command.dropFirst()))
            #expect(outcome.status == 0, "\(command): \(outcome.standardError)")
        }
        #expect(try scratch.exported("alice") == bytes)
        let write = try scratch.db("add", ["--user", "bob", "--finger", "right-index", file])
        #expect(write.status == 9, "\(write.standardError)")
        #expect(write.standardError.contains("cannot be written"), "\(write.standardError)")
        #expect(!write.standardError.contains("SQLite error"), "\(write.standardError)")
        #expect(write.standardError.split(separator: "\n").count == 1)
    }
}
