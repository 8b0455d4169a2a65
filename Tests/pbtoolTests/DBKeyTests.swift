import Foundation
import Testing
import TestSupport

@Suite struct DBKeyTests {
    @Test func addSlotAndPasswd() throws {
        let scratch = try DBTestStore()
        #expect(try scratch.raw(["init", "--db", scratch.store, "--key-file", scratch.key]).status == 0)
        let added = try scratch.raw(["add-slot", "--db", scratch.store, "--unlock-key-file", scratch.key,
                                     "--passphrase-stdin", "--scrypt-log-n", "10", "--label", "admin", "--json"], input: "first\n")
        #expect(added.status == 0, "\(added.standardError)")
        #expect(try scratch.json(added)["kind"] as? String == "passphrase")
        let changed = try scratch.raw(["passwd", "--db", scratch.store, "--passphrase-stdin", "--new-passphrase-stdin",
                                       "--scrypt-log-n", "10"], input: "first\nsecond\n")
        #expect(changed.status == 0, "\(changed.standardError)")
        #expect(try scratch.raw(["users", "--db", scratch.store, "--passphrase-stdin"], input: "first\n").status == 10)
        #expect(try scratch.raw(["users", "--db", scratch.store, "--passphrase-stdin"], input: "second\n").status == 0)
        let slots = try scratch.json(try scratch.db("slots", ["--json"]))["slots"] as? [[String: Any]]
        #expect(slots?.compactMap { $0["label"] as? String } == [scratch.key, "admin"])
    }

    @Test func rotationWithANewKeyLocksOldBackupsOutOfTheNewKey() throws {
        let scratch = try DBTestStore()
        #expect(try scratch.raw(["init", "--db", scratch.store, "--key-file", scratch.key]).status == 0)
        #expect(try scratch.db("add", ["--user", "alice", "--finger", "right-index", try scratch.write("t", templateBytes(3))]).status == 0)
        let backup = scratch.path("store/old.db")
        #expect(try scratch.db("backup", [backup]).status == 0)
        #expect(scratch.mode(backup) == 0o600)
        let newKey = scratch.path("new.key")
        let rotated = try scratch.db("rotate-key", ["--new-key-file", newKey, "--json"])
        #expect(rotated.status == 0, "\(rotated.standardError)")
        #expect(try scratch.json(rotated)["rewrappedTemplates"] as? Int == 1)
        #expect(scratch.mode(newKey) == 0o600)

        #expect(try scratch.db("users", key: newKey).status == 0)
        #expect(try scratch.db("users").status == 10)
        let oldWithNew = try scratch.raw(["users", "--db", backup, "--key-file", newKey])
        #expect(oldWithNew.status == 10)
        // The caveat: the old backup keeps its old slot, so the old key still opens it.
        #expect(try scratch.raw(["users", "--db", backup, "--key-file", scratch.key]).status == 0)
        #expect(scratch.mode(backup + "-wal") == nil || scratch.mode(backup + "-wal") == 0o600)
    }

    @Test func checkNamesTamperedRowsAndDamage() throws {
        let scratch = try DBTestStore()
        #expect(try scratch.raw(["init", "--db", scratch.store, "--key-file", scratch.key]).status == 0)
        for (user, seed) in [("alice", 1), ("bob", 2)] {
            #expect(try scratch.db("add", ["--user", user, "--finger", "left-index", try scratch.write(user, templateBytes(seed))]).status == 0)
        }
        #expect(try scratch.db("check").status == 0)
        try scratch.sqlite3("""
            CREATE TEMP TABLE saved AS SELECT template_uuid, sealed, row_number() OVER (ORDER BY template_uuid) AS n FROM templates;
            UPDATE templates SET sealed = (SELECT sealed FROM saved WHERE n = 2) WHERE template_uuid = (SELECT template_uuid FROM saved WHERE n = 1);
            """)
        let check = try scratch.db("check", ["--json"])
        #expect(check.status == 11)
        let findings = try scratch.json(check)["findings"] as? [[String: Any]]
        #expect(findings?.count == 1 && findings?.first?["table"] as? String == "templates")
        let tamperedID = try #require(findings?.first?["id"] as? String)
        let export = try scratch.db("export", ["--user", "alice", "--finger", "left-index", "--out", scratch.path("a.out")])
        let exportBob = try scratch.db("export", ["--user", "bob", "--finger", "left-index", "--out", scratch.path("b.out")])
        #expect([export.status, exportBob.status].sorted() == [0, 11])
        #expect((export.standardError + exportBob.standardError).contains(tamperedID))

        try scratch.sqlite3("PRAGMA user_version = 42;")
        let newer = try scratch.db("users")
        #expect(newer.status == 9 && newer.standardError.contains("version 42"))
    }

    @Test func corruptFileExitsNine() throws {
        let scratch = try DBTestStore()
        #expect(try scratch.raw(["init", "--db", scratch.store, "--key-file", scratch.key]).status == 0)
        let handle = try #require(FileHandle(forWritingAtPath: scratch.store))
        try handle.write(contentsOf: [UInt8](repeating: 0x33, count: 64))
        try handle.close()
        let users = try scratch.db("users")
        #expect(users.status == 9 && users.standardError.contains("damaged"))
        #expect(try scratch.raw(["check", "--db", scratch.store, "--structure-only"]).status == 9)
    }
}
