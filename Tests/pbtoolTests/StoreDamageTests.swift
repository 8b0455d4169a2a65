import Foundation
import Testing
import TestSupport

/// A damaged or badly filled store: named by `db check` (exit 9 or 11), never silently worked
/// around by a write, and one bad row never stops everyone else's identification.
@Suite struct StoreDamageTests {
    /// One flipped bit in the users index: `db check` ran only quick_check and said "structure
    /// sound", `db export --user alice` said there is no alice while `db users` listed her, and
    /// `db add --user alice` created a second alice.
    @Test func aFlippedBitInTheUsersIndexIsNamedAndNeverMakesASecondUser() throws {
        let scratch = try DBTestStore()
        #expect(try scratch.raw(["init", "--db", scratch.store, "--key-file", scratch.key]).status == 0)
        let file = try scratch.write("t.iso", templateBytes(1))
        #expect(try scratch.db("add", ["--user", "alice", "--finger", "right-index", file]).status == 0)
        try scratch.flipBit(of: try scratch.sqliteBlob("SELECT hex(name_index) FROM users"), inIndex: "sqlite_autoindex_users_2")

        let check = try scratch.db("check")
        #expect(check.status == 9, "\(check.standardOutput) \(check.standardError)")
        #expect(check.standardOutput.contains("sqlite_autoindex_users_2"), "\(check.standardOutput)")
        #expect(!check.standardOutput.contains("structure sound"))
        let export = try scratch.db("export", ["--user", "alice", "--finger", "right-index", "--out", scratch.path("a.iso")])
        #expect(export.status == 9, "\(export.standardError)")
        #expect(export.standardError.contains("index of user names disagrees"), "\(export.standardError)")
        let again = try scratch.db("add", ["--user", "alice", "--finger", "left-index", file])
        #expect(again.status == 9, "\(again.standardError)")
        #expect(try scratch.sqliteValue("SELECT count(*) FROM users") == 1)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("a.iso")))
    }

    /// `db add --format host` stored any bytes; afterwards every `identify` exited 11.
    @Test func anImportIsCheckedAgainstItsFormat() throws {
        let scratch = try DBTestStore()
        #expect(try scratch.raw(["init", "--db", scratch.store, "--key-file", scratch.key]).status == 0)
        let iso = try scratch.write("t.iso", templateBytes(1))
        let refused = try scratch.db("add", ["--user", "alice", "--finger", "right-index", "--format", "host", iso])
        #expect(refused.status == 2, "\(refused.standardError)")
        #expect(refused.standardError.contains("is not a valid pbtool host template (it looks like a ISO/IEC 19794-2:2005 record; use --format iso)"),
                "\(refused.standardError)")
        // 22 bytes: not even compact-card minutiae (3 bytes each), which have no header to check.
        let garbage = try scratch.write("g.iso", Array("not a template at all!".utf8))
        for format in ["iso", "ansi", "compact", "host"] {
            let outcome = try scratch.db("add", ["--user", "alice", "--finger", "right-index", "--format", format, garbage])
            #expect(outcome.status == 2, "\(format): \(outcome.standardError)")
        }
        #expect(try scratch.sqliteValue("SELECT count(*) FROM templates") == 0)
        #expect(try scratch.db("add", ["--user", "alice", "--finger", "right-index", iso]).status == 0)
    }

    /// A row that is not a host template (what an unchecked import stored): identify warns,
    /// names it, and finds the others; `db check` names the row and exits 11.
    @Test func oneUnreadableReferenceIsLeftOutWithAWarning() throws {
        let bench = try FlowTestBench()
        let enrolled = try bench.run(["enroll"], ["--finger", "right-index", "--user", "bob", "--sensor", "sim:synthetic:7",
                                                  "--quiet"])
        #expect(enrolled.status == 0, "\(enrolled.standardError)")
        #expect(try bench.scratch.writer("add-host", "mallory").status == 0)

        let found = try bench.run(["identify"], ["--sensor", "sim:synthetic:7", "--json"])
        #expect(found.status == 0, "\(found.standardError)")
        #expect(found.standardError.contains("pbtool: warning: the reference of mallory-0's right-index cannot be read"),
                "\(found.standardError)")
        let candidates = FlowTestBench.outcome(found)?["candidates"] as? [[String: Any]] ?? []
        #expect(candidates.map { $0["user"] as? String } == ["bob"])

        let check = try bench.scratch.db("check", ["--json"])
        #expect(check.status == 11, "\(check.standardError)")
        let findings = try bench.scratch.json(check)["findings"] as? [[String: Any]] ?? []
        #expect(findings.count == 1)
        #expect((findings.first?["problem"] as? String)?.contains("is not a valid pbtool host template") == true, "\(findings)")
    }

    /// A failed `db init` or `db rotate-key` wrote a new key file that unlocked nothing and made
    /// the retry fail with "already exists".
    @Test func aRefusedStoreChangeLeavesNoKeyFile() throws {
        let scratch = try DBTestStore()
        #expect(try scratch.raw(["init", "--db", scratch.store, "--key-file", scratch.key]).status == 0)
        let second = scratch.path("second.key")
        let refusedInit = try scratch.raw(["init", "--db", scratch.store, "--key-file", second])
        #expect(refusedInit.status == 2, "\(refusedInit.standardError)")
        #expect(!FileManager.default.fileExists(atPath: second))

        #expect(try scratch.raw(["add-slot", "--db", scratch.store, "--unlock-key-file", scratch.key, "--passphrase-stdin",
                                 "--scrypt-log-n", "10"], input: "pass\n").status == 0)
        // Rotation needs every slot's secret: the passphrase slot's is missing.
        let refusedRotation = try scratch.db("rotate-key", ["--new-key-file", second])
        #expect(refusedRotation.status == 2, "\(refusedRotation.standardError)")
        #expect(!FileManager.default.fileExists(atPath: second))
        #expect(scratch.names.filter { $0.hasPrefix(".") }.isEmpty, "\(scratch.names)")
        let retried = try scratch.db("rotate-key", ["--new-key-file", second, "--drop-slots-without-secret"])
        #expect(retried.status == 0, "\(retried.standardError)")
        #expect(try scratch.db("users", key: second).status == 0)
    }
}
