import Foundation
import Testing
import TestSupport

/// A store on a read-only file system, or in an immutable folder or file (`chattr +i`): every
/// command that only reads works, a write is refused in one line (exit 9), never with a raw SQL
/// statement.
@Suite(.serialized) struct ReadOnlyStoreTests {
    @Test(.enabled(if: Tmpfs.isPermitted, "mounting a tmpfs needs root with CAP_SYS_ADMIN"))
    func onAReadOnlyFileSystemReadsWorkAndWritesAreRefusedInOneLine() throws {
        let disk = try Tmpfs(kibibytes: 2048)
        defer { disk.unmount() }
        let scratch = try StoreScratch(storeDirectory: disk.directory)
        let (file, bytes) = try Self.storeWithAlice(scratch)
        try disk.setReadOnly(true)
        defer { try? disk.setReadOnly(false) }
        try Self.expectReadsWorkAndWritesAreRefused(scratch, template: file, alice: bytes)
    }

    /// The store's folder immutable (SQLite cannot make its journal there), then the file itself.
    @Test(.enabled(if: getuid() == 0, "chattr +i needs root"))
    func inAnImmutableFolderOrFileReadsWorkAndWritesAreRefusedInOneLine() throws {
        let base = try StoreScratch()
        let folder = base.path("store")
        let scratch = try StoreScratch(storeDirectory: folder)
        let (file, bytes) = try Self.storeWithAlice(scratch)
        for immutable in [folder, scratch.store] {
            #expect(try ChildProcess.run("/usr/bin/chattr", ["+i", immutable]).status == 0)
            defer { _ = try? ChildProcess.run("/usr/bin/chattr", ["-i", immutable]) }
            try Self.expectReadsWorkAndWritesAreRefused(scratch, template: file, alice: bytes)
        }
        #expect(try scratch.db("add", ["--user", "bob", "--finger", "right-index", file]).status == 0)
    }

    static func storeWithAlice(_ scratch: StoreScratch) throws -> (path: String, bytes: [UInt8]) {
        #expect(try scratch.create().status == 0)
        let (file, bytes) = try scratch.template(1)
        #expect(try scratch.db("add", ["--user", "alice", "--finger", "right-index", file]).status == 0)
        return (file, bytes)
    }

    static func expectReadsWorkAndWritesAreRefused(_ scratch: StoreScratch, template: String, alice: [UInt8]) throws {
        for command in [["users"], ["fingers", "--user", "alice"], ["slots"], ["check"]] {
            let outcome = try scratch.db(command[0], Array(command.dropFirst()))
            #expect(outcome.status == 0, "\(command): \(outcome.standardError)")
        }
        #expect(try scratch.exported("alice") == alice)
        let write = try scratch.db("add", ["--user", "bob", "--finger", "right-index", template])
        #expect(write.status == 9, "\(write.standardError)")
        #expect(write.standardError.contains("cannot be written"), "\(write.standardError)")
        #expect(!write.standardError.contains("SQLite error"), "\(write.standardError)")
        #expect(write.standardError.split(separator: "\n").count == 1)
    }
}
