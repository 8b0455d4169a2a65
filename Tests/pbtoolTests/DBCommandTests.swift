import Foundation
import Testing
import TestSupport

@Suite struct DBCommandTests {
    @Test func initCreatesPrivateFilesAtTheXDGPath() throws {
        let scratch = try DBTestStore()
        let data = scratch.path("xdg")
        let outcome = try scratch.raw(["init", "--key-file", scratch.key, "--json"], environment: ["XDG_DATA_HOME": data])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let output = try scratch.json(outcome)
        #expect(output["path"] as? String == data + "/pbtool/templates.db")
        #expect(output["createdKeyFile"] as? String == scratch.key)
        #expect(scratch.mode(data + "/pbtool") == 0o700)
        for file in [data + "/pbtool/templates.db", scratch.key] {
            #expect(scratch.mode(file) == 0o600, "\(file)")
        }
        // SQLite removes the WAL files when the last connection closes; any left over must be private.
        for file in [data + "/pbtool/templates.db-wal", data + "/pbtool/templates.db-shm"] {
            #expect(scratch.mode(file) == nil || scratch.mode(file) == 0o600, "\(file)")
        }
        let again = try scratch.raw(["init", "--key-file", scratch.key], environment: ["XDG_DATA_HOME": data])
        #expect(again.status == 2)
        #expect(again.standardError.contains("already exists"))
    }

    @Test func addListExportAndDelete() throws {
        let scratch = try DBTestStore()
        #expect(try scratch.raw(["init", "--db", scratch.store, "--key-file", scratch.key]).status == 0)
        let file = try scratch.write("t.iso", templateBytes(1))
        #expect(try scratch.db("add", ["--user", "alice", "--finger", "right-index", file]).status == 0)
        let ansi = try scratch.write("t.ansi", TemplateFixture.record(.ansi, seed: 1))
        #expect(try scratch.db("add", ["--user", "alice", "--finger", "left-ring", "--format", "ansi", ansi]).status == 0)
        let duplicate = try scratch.db("add", ["--user", "alice", "--finger", "right-index", file])
        #expect(duplicate.status == 2 && duplicate.standardError.contains("already has"))
        let replacement = try scratch.write("new.iso", templateBytes(2))
        #expect(try scratch.db("add", ["--user", "alice", "--finger", "right-index", "--replace", replacement]).status == 0)

        let users = try scratch.json(try scratch.db("users", ["--json"]))["users"] as? [[String: Any]]
        #expect(users?.first?["name"] as? String == "alice")
        #expect(users?.first?["fingers"] as? [String] == ["right-index", "left-ring"])
        let fingers = try scratch.json(try scratch.db("fingers", ["--user", "alice", "--json"]))["templates"] as? [[String: Any]]
        #expect(fingers?.compactMap { $0["format"] as? String } == ["iso", "ansi"])
        #expect(fingers?.first?["version"] as? Int == 2)

        let out = scratch.path("out.iso")
        #expect(try scratch.db("export", ["--user", "alice", "--finger", "right-index", "--out", out]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data(templateBytes(2)))
        #expect(scratch.mode(out) == 0o600)
        #expect(try scratch.db("export", ["--user", "alice", "--finger", "right-index", "--out", out]).status == 2)

        #expect(try scratch.db("delete", ["--user", "alice", "--finger", "left-ring"]).status == 0)
        #expect(try scratch.db("delete", ["--user", "alice"]).status == 0)
        #expect(try scratch.json(try scratch.db("users", ["--json"]))["users"] as? [Any] == nil
                || (try scratch.json(try scratch.db("users", ["--json"]))["users"] as? [Any])?.isEmpty == true)
    }

    @Test func badInputIsAUsageError() throws {
        let scratch = try DBTestStore()
        #expect(try scratch.raw(["init", "--db", scratch.store, "--key-file", scratch.key]).status == 0)
        let file = try scratch.write("t.iso", templateBytes(1))
        let finger = try scratch.db("add", ["--user", "alice", "--finger", "right-toe", file])
        #expect(finger.status == 2 && finger.standardError.contains("right-toe"))
        #expect(try scratch.db("add", ["--user", "alice", "--finger", "right-index", "--format", "wsq", file]).status == 2)
        #expect(try scratch.db("add", ["--user", "alice", "--finger", "right-index", scratch.path("missing")]).status == 2)
        #expect(try scratch.db("add", ["--user", "alice", "--finger", "right-index", try scratch.write("empty", [])]).status == 2)
        #expect(try scratch.db("fingers", ["--user", "nobody"]).status == 2)
        let noKey = try scratch.raw(["users", "--db", scratch.store])
        #expect(noKey.status == 2 && noKey.standardError.contains("no key"))
        let noStore = try scratch.raw(["users", "--db", scratch.path("store/none.db"), "--key-file", scratch.key])
        #expect(noStore.status == 9 && noStore.standardError.contains("no template store"))
    }

    @Test func wrongKeyAndWrongPassphraseExitTen() throws {
        let scratch = try DBTestStore()
        let created = try scratch.raw(["init", "--db", scratch.store, "--passphrase-stdin", "--scrypt-log-n", "10"], input: "right\n")
        #expect(created.status == 0, "\(created.standardError)")
        let wrong = try scratch.raw(["users", "--db", scratch.store, "--passphrase-stdin"], input: "wrong\n")
        #expect(wrong.status == 10 && wrong.standardError.contains("wrong passphrase"))
        #expect(try scratch.raw(["users", "--db", scratch.store, "--passphrase-stdin"], input: "right\n").status == 0)
        #expect(try scratch.raw(["init", "--db", scratch.path("other/t.db"), "--key-file", scratch.key]).status == 0)
        let wrongKey = try scratch.raw(["users", "--db", scratch.store, "--key-file", scratch.key])
        #expect(wrongKey.status == 10)
    }

    @Test func unsafeKeyFileAndSymlinkedStoreAreRefused() throws {
        let scratch = try DBTestStore()
        #expect(try scratch.raw(["init", "--db", scratch.store, "--key-file", scratch.key]).status == 0)
        chmod(scratch.key, 0o640)
        let open = try scratch.db("users")
        #expect(open.status == 2 && open.standardError.contains("mode 640"))
        chmod(scratch.key, 0o600)
        symlink(scratch.store, scratch.path("store/link.db"))
        let link = try scratch.raw(["users", "--db", scratch.path("store/link.db"), "--key-file", scratch.key])
        #expect(link.status == 9 && link.standardError.contains("symbolic link"))
    }
}
