import Foundation
import Testing
@testable import TemplateStore

/// Edits the file behind the store's back with the `sqlite3` shell, as someone with access to
/// the file (but no key) could, and checks that every change is caught and named.
@Suite struct TamperTests {
    private func storeWithTwoTemplates() throws -> (Scratch, TemplateRecord, TemplateRecord) {
        let scratch = try Scratch()
        let store = try scratch.makeStore()
        let alice = try store.addUser(named: "alice"), bob = try store.addUser(named: "bob")
        let first = try store.addTemplate(sampleTemplate(1), user: alice.id, finger: .rightIndex, format: .iso)
        let second = try store.addTemplate(sampleTemplate(2), user: bob.id, finger: .rightIndex, format: .iso)
        return (scratch, first, second)
    }

    private func blobLiteral(_ id: UUID) -> String {
        "x'" + id.bytes.map { String(format: "%02x", $0) }.joined() + "'"
    }

    @Test func swappedCiphertextsAreDetectedAndNamed() throws {
        let (scratch, first, second) = try storeWithTwoTemplates()
        let a = blobLiteral(first.id), b = blobLiteral(second.id)
        try sqlite3(scratch.storePath, """
            CREATE TEMP TABLE saved AS SELECT template_uuid, wrapped_dek, sealed FROM templates;
            UPDATE templates SET wrapped_dek = (SELECT wrapped_dek FROM saved WHERE template_uuid = \(b)),
                                 sealed = (SELECT sealed FROM saved WHERE template_uuid = \(b)) WHERE template_uuid = \(a);
            UPDATE templates SET wrapped_dek = (SELECT wrapped_dek FROM saved WHERE template_uuid = \(a)),
                                 sealed = (SELECT sealed FROM saved WHERE template_uuid = \(a)) WHERE template_uuid = \(b);
            """)
        let store = try scratch.reopen()
        let error = #expect(throws: IntegrityError.self) { try store.template(id: first.id) }
        guard case .tamperedRow("templates", let id) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(id == first.id)
        let report = try store.check()
        #expect(Set(report.findings.map(\.id)) == [first.id, second.id])
        #expect(report.findings.allSatisfy { $0.table == "templates" })
        #expect(report.structureProblems.isEmpty)
    }

    /// Rewrites one byte of a row's sealed blob with the sqlite3 shell.
    private func flip(byte offset: Int, of id: UUID, in scratch: Scratch) throws {
        let store = try scratch.reopen()
        var sealed = try #require(try store.connection.firstRow("SELECT sealed FROM templates WHERE template_uuid = ?",
                                                                [.blob(id.bytes)]) { $0.blob(at: 0) })
        let position = offset < 0 ? sealed.count + offset : offset
        sealed[position] ^= 0x01
        let hexBlob = sealed.map { String(format: "%02x", $0) }.joined()
        try sqlite3(scratch.storePath, "UPDATE templates SET sealed = x'\(hexBlob)' WHERE template_uuid = \(blobLiteral(id));")
    }

    @Test(arguments: [-1, 0, 5, 200])
    func flippedByteIsDetected(offset: Int) throws {
        let (scratch, first, second) = try storeWithTwoTemplates()
        try flip(byte: offset, of: second.id, in: scratch)
        let store = try scratch.reopen()
        #expect(try store.template(id: first.id)?.bytes.copyBytes() == sampleTemplate(1))
        let error = #expect(throws: IntegrityError.self) { try store.template(id: second.id) }
        guard case .tamperedRow("templates", second.id) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(try store.check().findings.map(\.id) == [second.id])
    }

    @Test func reattributedRowIsDetected() throws {
        let (scratch, first, _) = try storeWithTwoTemplates()
        try sqlite3(scratch.storePath, "UPDATE templates SET finger = 3 WHERE template_uuid = \(blobLiteral(first.id));")
        #expect(throws: IntegrityError.self) { try scratch.reopen().template(id: first.id) }
        try sqlite3(scratch.storePath, """
            UPDATE templates SET finger = 4, user_uuid = (SELECT user_uuid FROM templates WHERE template_uuid != \(blobLiteral(first.id)))
            WHERE template_uuid = \(blobLiteral(first.id));
            """)
        #expect(throws: IntegrityError.self) { try scratch.reopen().template(id: first.id) }
    }

    @Test func swappedNameIndexIsDetected() throws {
        let (scratch, _, _) = try storeWithTwoTemplates()
        try sqlite3(scratch.storePath, """
            CREATE TEMP TABLE saved AS SELECT user_uuid, name_index, row_number() OVER () AS n FROM users;
            UPDATE users SET name_index = x'00' WHERE user_uuid = (SELECT user_uuid FROM saved WHERE n = 1);
            UPDATE users SET name_index = (SELECT name_index FROM saved WHERE n = 1) WHERE user_uuid = (SELECT user_uuid FROM saved WHERE n = 2);
            UPDATE users SET name_index = (SELECT name_index FROM saved WHERE n = 2) WHERE user_uuid = (SELECT user_uuid FROM saved WHERE n = 1);
            """)
        let store = try scratch.reopen()
        #expect(throws: IntegrityError.self) { try store.user(named: "alice") }
        #expect(try store.check().findings.count == 2)
    }

    @Test func unknownFingerCodeIsReported() throws {
        let (scratch, first, _) = try storeWithTwoTemplates()
        try sqlite3(scratch.storePath, "UPDATE templates SET format = 'wsq' WHERE template_uuid = \(blobLiteral(first.id));")
        let store = try scratch.reopen()
        #expect(throws: IntegrityError.self) { try store.templateRecords() }
        #expect(try store.check().findings.map(\.id) == [first.id])
    }

    @Test func corruptFileIsReportedAndLeftAlone() throws {
        let scratch = try Scratch()
        do { _ = try scratch.makeStore() }
        let handle = try #require(FileHandle(forWritingAtPath: scratch.storePath))
        try handle.write(contentsOf: [UInt8](repeating: 0x5A, count: 100))
        try handle.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: scratch.storePath))
        let error = #expect(throws: StoreError.self) { try scratch.reopen() }
        guard case .corrupt = error else { Issue.record("\(String(describing: error))"); return }
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.storePath)) == before)
    }

    @Test func damagedPageFailsQuickCheck() throws {
        let (scratch, _, _) = try storeWithTwoTemplates()
        do { let store = try scratch.reopen(); store.truncateWAL() }
        let handle = try #require(FileHandle(forUpdatingAtPath: scratch.storePath))
        let size = try handle.seekToEnd()
        // Overwrite the middle of the last pages (data and index b-trees), keeping the header.
        try handle.seek(toOffset: size - 3 * 4096 + 8)
        try handle.write(contentsOf: [UInt8](repeating: 0xFF, count: 3 * 4096 - 16))
        try handle.close()
        let outcome: Bool
        do {
            outcome = try !TemplateDatabase.checkStructure(at: scratch.storePath).isEmpty
        } catch StoreError.corrupt {
            outcome = true
        }
        #expect(outcome)
    }

    @Test func otherSQLiteFilesAreNotStores() throws {
        let scratch = try Scratch()
        _ = try KeySecret.newKeyFile(at: scratch.keyPath)
        PrivateFiles.createFileForTests(scratch.storePath)
        try sqlite3(scratch.storePath, "CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        let error = #expect(throws: StoreError.self) { try scratch.reopen() }
        guard case .notAStore = error else { Issue.record("\(String(describing: error))"); return }
    }

    @Test func newerSchemaIsRefused() throws {
        let scratch = try Scratch()
        do { _ = try scratch.makeStore() }
        try sqlite3(scratch.storePath, "PRAGMA user_version = 99;")
        let error = #expect(throws: StoreError.self) { try scratch.reopen() }
        guard case .unsupportedVersion(_, 99, 1) = error else { Issue.record("\(String(describing: error))"); return }
    }

    @Test func newerCryptoVersionIsRefused() throws {
        let scratch = try Scratch()
        do { _ = try scratch.makeStore() }
        try sqlite3(scratch.storePath, "UPDATE store_meta SET crypto_version = 7;")
        let error = #expect(throws: StoreError.self) { try scratch.reopen() }
        guard case .unsupportedVersion(_, 7, 1) = error else { Issue.record("\(String(describing: error))"); return }
    }

    @Test func hugeScryptParametersInASlotAreRefusedBeforeDeriving() throws {
        let scratch = try Scratch()
        do { _ = try TemplateDatabase.create(at: scratch.storePath, secret: try passphrase("pw"), scrypt: .testing) }
        try sqlite3(scratch.storePath, "UPDATE key_slots SET scrypt_log_n = 40;")
        let error = #expect(throws: IntegrityError.self) {
            try TemplateDatabase.open(at: scratch.storePath, secrets: [try passphrase("pw")])
        }
        guard case .invalidKeySlot(1, _) = error else { Issue.record("\(String(describing: error))"); return }
    }
}

extension PrivateFiles {
    /// An empty 0600 file, for tests that fill it with something that is not a store.
    static func createFileForTests(_ path: String) {
        try? createFile(path)
    }
}
