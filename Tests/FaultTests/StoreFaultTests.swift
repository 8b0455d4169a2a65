import Foundation
import Testing
import TestSupport

/// The template store under a full disk, a lock held by another process, and writers killed at
/// random points, all through the `pbtool db` commands a user runs: a clear error with exit code
/// 9 (store), the store intact, nothing half-written.
@Suite(.serialized, .timeLimit(.minutes(15))) struct StoreFaultTests {
    /// A real ENOSPC: the store lives on a 256 KiB tmpfs and templates are added until it is full.
    @Test(.enabled(if: Tmpfs.isPermitted, "mounting a tmpfs needs root with CAP_SYS_ADMIN"))
    func aFullDiskRollsBackTheWriteAndKeepsEveryTemplate() throws {
        let disk = try Tmpfs(kibibytes: 256)
        defer { disk.unmount() }
        let scratch = try StoreScratch(storeDirectory: disk.directory)
        let created = try scratch.create()
        #expect(created.status == 0, "\(created.standardError)")

        var added: [String: [UInt8]] = [:]
        var failure: PBToolProcess.Outcome?
        for index in 0..<100 {
            let (file, bytes) = try scratch.template(index, count: 8_000)
            let outcome = try scratch.db("add", ["--user", "user\(index)", "--finger", "right-index", file])
            guard outcome.status == 0 else { failure = outcome; break }
            added["user\(index)"] = bytes
        }
        let full = try #require(failure, "256 KiB never filled up")
        #expect(full.status == 9, "\(full.standardError)")
        #expect(full.standardError.contains("disk full while writing \(scratch.store)"), "\(full.standardError)")
        #expect(added.count >= 3)

        let check = try scratch.db("check")
        #expect(check.status == 0, "\(check.standardOutput) \(check.standardError)")
        #expect(Set(try scratch.userNames()) == Set(added.keys), "the failed add left a user behind")
        for (user, bytes) in added { #expect(try scratch.exported(user) == bytes, "\(user)") }

        // On the full disk even a delete needs room for its write-ahead log: it may fail, the same clear way.
        let delete = try scratch.db("delete", ["--user", "user0"])
        if delete.status != 0 {
            #expect(delete.status == 9 && delete.standardError.contains("disk full"), "\(delete.standardError)")
            #expect(Set(try scratch.userNames()) == Set(added.keys))
        }
        // With room again, the store takes writes as before.
        try disk.resize(kibibytes: 1_024)
        let (file, bytes) = try scratch.template(999, count: 100)
        if delete.status != 0 { #expect(try scratch.db("delete", ["--user", "user0"]).status == 0) }
        #expect(try scratch.db("add", ["--user", "later", "--finger", "right-index", file]).status == 0)
        #expect(try scratch.exported("later") == bytes)
        #expect(try scratch.db("check").status == 0)
    }

    /// Files pbtool writes next to the store (an exported template, a new key file) on a disk
    /// with no room left: an error, and no truncated file left behind.
    @Test(.enabled(if: Tmpfs.isPermitted, "mounting a tmpfs needs root with CAP_SYS_ADMIN"))
    func aFullDiskLeavesNoPartialExportOrKeyFile() throws {
        let disk = try Tmpfs(kibibytes: 256)
        defer { disk.unmount() }
        let scratch = try StoreScratch()
        #expect(try scratch.create().status == 0)
        let (file, bytes) = try scratch.template(1, count: 8_000)
        #expect(try scratch.db("add", ["--user", "alice", "--finger", "right-index", file]).status == 0)
        disk.fill()

        let export = try scratch.db("export", ["--user", "alice", "--finger", "right-index", "--out", disk.path("alice.iso")])
        #expect(export.status != 0)
        #expect(export.standardError.contains("no space left on device"), "\(export.standardError)")
        #expect(!FileManager.default.fileExists(atPath: disk.path("alice.iso")), "a truncated export was left behind")

        let initialise = try PBToolProcess.run(["db", "init", "--db", scratch.path("second.db"), "--key-file", disk.path("second.key")])
        #expect(initialise.status != 0)
        #expect(initialise.standardError.contains("no space left on device"), "\(initialise.standardError)")
        #expect(!FileManager.default.fileExists(atPath: disk.path("second.key")), "a truncated key file was left behind")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("second.db")))

        disk.drain()
        #expect(try scratch.db("export", ["--user", "alice", "--finger", "right-index", "--out", disk.path("alice.iso")]).status == 0)
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: disk.path("alice.iso")))) == bytes)
    }

    /// Another process holds the write lock (an open transaction in TemplateStoreWriter): `db add`
    /// waits the busy timeout (5 s), exits 9 saying so, and works once the holder is gone.
    @Test func aLockedStoreIsReportedAfterTheTimeout() throws {
        let scratch = try StoreScratch()
        #expect(try scratch.create().status == 0)
        let holder = try StoreWriterProcess([scratch.store, scratch.key, "hold", "ghost", "2"], waitingFor: "in-transaction")
        let (file, bytes) = try scratch.template(1)
        let started = ContinuousClock.now
        let locked = try scratch.db("add", ["--user", "alice", "--finger", "right-index", file])
        #expect(locked.status == 9, "\(locked.standardError)")
        #expect(locked.standardError.contains("\(scratch.store) is locked by another process (waited 5.0 seconds)"),
                "\(locked.standardError)")
        #expect(ContinuousClock.now - started >= .seconds(5))
        #expect(try scratch.userNames().isEmpty)

        // kill -9 of the holder mid-transaction: its rows vanish, its lock with it.
        holder.kill()
        let later = try scratch.db("add", ["--user", "alice", "--finger", "right-index", file])
        #expect(later.status == 0, "\(later.standardError)")
        #expect(try scratch.userNames() == ["alice"])
        #expect(try scratch.exported("alice") == bytes)
        #expect(try scratch.db("check").status == 0)
    }

    /// `pbtool db add` killed with SIGKILL at spread-out moments (before, during and after its
    /// transaction): after each kill the store checks clean, and the user is either absent or
    /// complete with the exact template bytes.
    @Test func writersKilledAtAnyPointLeaveAConsistentStore() throws {
        let scratch = try StoreScratch()
        #expect(try scratch.create().status == 0)
        var expected: [String: [UInt8]] = [:]
        for index in 0..<12 {
            let (file, bytes) = try scratch.template(index, count: 2_000)
            let user = "user\(index)"
            let writer = try StreamingPBTool(scratch.dbArguments("add", ["--user", user, "--finger", "right-index", file]))
            Thread.sleep(forTimeInterval: Double(index) * 0.025)
            writer.send(SIGKILL)
            _ = try writer.waitForExit()
            if try scratch.userNames().contains(user) { expected[user] = bytes }
            let check = try scratch.db("check")
            #expect(check.status == 0, "after killing writer \(index): \(check.standardOutput) \(check.standardError)")
        }
        #expect(Set(try scratch.userNames()) == Set(expected.keys))
        for (user, bytes) in expected { #expect(try scratch.exported(user) == bytes, "\(user)") }
    }
}

/// Tests/TemplateStoreWriter as another process holding or writing the store.
final class StoreWriterProcess {
    private let child: ChildProcess

    /// Starts the writer and waits until it prints `marker`.
    init(_ arguments: [String], waitingFor marker: String) throws {
        child = try ChildProcess(PBToolProcess.executable.deletingLastPathComponent().appendingPathComponent("TemplateStoreWriter").path,
                                 arguments)
        try child.waitForLine { $0.contains(marker) }
    }

    /// SIGKILL, and waits for the end.
    func kill() {
        child.send(SIGKILL)
        _ = try? child.waitForExit()
    }
}
