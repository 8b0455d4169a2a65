import Foundation
import Testing
@testable import TemplateStore

@Suite struct StoreFileTests {
    @Test func everyCreatedFileIsPrivate() throws {
        let scratch = try Scratch()
        let nested = scratch.path("data/pbtool/templates.db")
        let store = try TemplateDatabase.create(at: nested, secret: .newKeyFile(at: scratch.keyPath))
        let user = try store.addUser(named: "alice")
        _ = try store.addTemplate(sampleTemplate(1), user: user.id, finger: .rightIndex, format: .iso)
        try store.backup(to: scratch.path("backup.db"))
        #expect(scratch.mode(scratch.path("data")) == 0o700)
        #expect(scratch.mode(scratch.path("data/pbtool")) == 0o700)
        for file in [nested, nested + "-wal", nested + "-shm", scratch.keyPath, scratch.path("backup.db")] {
            #expect(scratch.mode(file) == 0o600, "\(file)")
        }
        // A reopened backup gets its own WAL files, with the backup's mode.
        let copy = try scratch.reopen(path: scratch.path("backup.db"))
        #expect(try copy.users().map(\.name) == ["alice"])
        #expect(scratch.mode(scratch.path("backup.db-wal")) == 0o600)
        #expect(scratch.mode(scratch.path("backup.db-shm")) == 0o600)
    }

    @Test func defaultPathFollowsXDG() {
        #expect(TemplateDatabase.defaultPath(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/h"]) == "/x/data/pbtool/templates.db")
        #expect(TemplateDatabase.defaultPath(environment: ["HOME": "/h"]) == "/h/.local/share/pbtool/templates.db")
        #expect(TemplateDatabase.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"]) == "/h/.local/share/pbtool/templates.db")
    }

    @Test func createRefusesAnExistingFile() throws {
        let scratch = try Scratch()
        _ = try scratch.makeStore()
        let error = #expect(throws: StoreError.self) {
            try TemplateDatabase.create(at: scratch.storePath, secret: try passphrase("x"), scrypt: .testing)
        }
        guard case .alreadyExists = error else { Issue.record("\(String(describing: error))"); return }
    }

    @Test func symlinkedStoreIsRefused() throws {
        let scratch = try Scratch()
        _ = try scratch.makeStore()
        symlink(scratch.storePath, scratch.path("link.db"))
        let error = #expect(throws: StoreError.self) { try scratch.reopen(path: scratch.path("link.db")) }
        guard case .unsafeFile(_, .symbolicLink) = error else { Issue.record("\(String(describing: error))"); return }
    }

    @Test func symlinkedWALIsRefused() throws {
        let scratch = try Scratch()
        do { _ = try scratch.makeStore() }
        unlink(scratch.storePath + "-wal")
        symlink(scratch.path("elsewhere"), scratch.storePath + "-wal")
        let error = #expect(throws: StoreError.self) { try scratch.reopen() }
        guard case .unsafeFile(let path, .symbolicLink) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(path.hasSuffix("-wal"))
    }

    @Test func readableStoreFileAndOpenDirectoryAreRefused() throws {
        let scratch = try Scratch()
        do { _ = try scratch.makeStore() }
        chmod(scratch.storePath, 0o640)
        let fileError = #expect(throws: StoreError.self) { try scratch.reopen() }
        guard case .unsafeFile(_, .accessibleToOthers(0o640)) = fileError else { Issue.record("\(String(describing: fileError))"); return }
        chmod(scratch.storePath, 0o600)
        chmod(scratch.directory, 0o755)
        let directoryError = #expect(throws: StoreError.self) { try scratch.reopen() }
        guard case .unsafeFile(let path, .accessibleToOthers) = directoryError else { Issue.record("\(String(describing: directoryError))"); return }
        #expect(path == scratch.directory)
        chmod(scratch.directory, 0o700)
        #expect(throws: Never.self) { try scratch.reopen() }
    }

    @Test func keyFileMustBePrivateAndNotALink() throws {
        let scratch = try Scratch()
        do { _ = try scratch.makeStore() }
        chmod(scratch.keyPath, 0o644)
        let open = #expect(throws: UnlockError.self) { try KeySecret.keyFile(at: scratch.keyPath) }
        guard case .keyFile(_, .accessibleToOthers(0o644)) = open else { Issue.record("\(String(describing: open))"); return }
        chmod(scratch.keyPath, 0o400)
        #expect(throws: Never.self) { try scratch.reopen() }
        symlink(scratch.keyPath, scratch.path("key-link"))
        let link = #expect(throws: UnlockError.self) { try KeySecret.keyFile(at: scratch.path("key-link")) }
        guard case .keyFile(_, .symbolicLink) = link else { Issue.record("\(String(describing: link))"); return }
        let missing = #expect(throws: UnlockError.self) { try KeySecret.keyFile(at: scratch.path("nope")) }
        guard case .keyFile(_, .missing) = missing else { Issue.record("\(String(describing: missing))"); return }
    }

    @Test func newKeyFileRefusesToOverwrite() throws {
        let scratch = try Scratch()
        _ = try KeySecret.newKeyFile(at: scratch.keyPath)
        #expect(throws: UnlockError.self) { try KeySecret.newKeyFile(at: scratch.keyPath) }
    }

    @Test func missingStoreSaysSo() throws {
        let scratch = try Scratch()
        _ = try KeySecret.newKeyFile(at: scratch.keyPath)
        let error = #expect(throws: StoreError.self) { try scratch.reopen() }
        guard case .notFound = error else { Issue.record("\(String(describing: error))"); return }
    }
}
