import BiometricFormats
import Foundation
import Testing
@testable import TemplateStore

@Suite struct KeySlotTests {
    private func passphraseStore(_ scratch: Scratch, _ text: String = "correct horse") throws -> TemplateDatabase {
        try TemplateDatabase.create(at: scratch.storePath, secret: try passphrase(text), label: "admin", scrypt: .testing)
    }

    @Test func wrongPassphraseIsAnAuthenticationFailure() throws {
        let scratch = try Scratch()
        let store = try passphraseStore(scratch)
        _ = try store.addUser(named: "alice")
        let error = #expect(throws: UnlockError.self) {
            try TemplateDatabase.open(at: scratch.storePath, secrets: [try passphrase("battery staple")])
        }
        guard case .wrongSecret(.passphrase, _) = error else { Issue.record("\(String(describing: error))"); return }
        let reopened = try TemplateDatabase.open(at: scratch.storePath, secrets: [try passphrase("correct horse")])
        #expect(try reopened.users().map(\.name) == ["alice"])
        #expect(try reopened.keySlots().map(\.scrypt) == [.testing])
    }

    @Test func keyOfTheWrongKindSaysThereIsNoSuchSlot() throws {
        let scratch = try Scratch()
        do { _ = try passphraseStore(scratch) }
        let error = #expect(throws: UnlockError.self) {
            try TemplateDatabase.open(at: scratch.storePath, secrets: [try .newKeyFile(at: scratch.keyPath)])
        }
        guard case .noSlot(for: .keyFile) = error else { Issue.record("\(String(describing: error))"); return }
    }

    @Test func addedKeyFileSlotOpensTheSameStore() throws {
        let scratch = try Scratch()
        let store = try passphraseStore(scratch)
        let alice = try store.addUser(named: "alice")
        let slot = try store.addKeySlot(for: .newKeyFile(at: scratch.keyPath), label: "login")
        #expect(slot.kind == .keyFile)
        let viaKey = try scratch.reopen()
        #expect(viaKey.unlockedSlotID == slot.id)
        #expect(try viaKey.user(named: "alice")?.id == alice.id)
        #expect(try viaKey.keySlots().map(\.label) == ["admin", "login"])
    }

    @Test func passphraseChangeRewrapsOneRowOnly() throws {
        let scratch = try Scratch()
        let store = try passphraseStore(scratch)
        let user = try store.addUser(named: "alice")
        _ = try store.addTemplate(sampleTemplate(1), user: user.id, finger: .rightIndex, format: .iso)
        let before = try sqlite3(scratch.storePath, "SELECT hex(wrapped_dek) || hex(sealed) FROM templates UNION ALL SELECT hex(sealed) FROM users;")
        try store.changePassphrase(slot: store.unlockedSlotID, to: try passphrase("new one"), scrypt: .testing)
        #expect(try sqlite3(scratch.storePath, "SELECT hex(wrapped_dek) || hex(sealed) FROM templates UNION ALL SELECT hex(sealed) FROM users;") == before)
        #expect(throws: UnlockError.self) { try TemplateDatabase.open(at: scratch.storePath, secrets: [try passphrase("correct horse")]) }
        let reopened = try TemplateDatabase.open(at: scratch.storePath, secrets: [try passphrase("new one")])
        #expect(try reopened.templates(of: user.id).first?.bytes.copyBytes() == sampleTemplate(1))
    }

    /// The documented caveat: a passphrase change alone leaves the master key as it was, so a
    /// copy made before still opens with the old passphrase and holds the current master key.
    @Test func passphraseChangeAloneDoesNotRevokeOldCopies() throws {
        let scratch = try Scratch()
        let store = try passphraseStore(scratch)
        try store.backup(to: scratch.path("old.db"))
        try store.changePassphrase(slot: store.unlockedSlotID, to: try passphrase("new one"), scrypt: .testing)
        let old = try TemplateDatabase.open(at: scratch.path("old.db"), secrets: [try passphrase("correct horse")])
        #expect(old.cipher.masterKey.isEqual(to: store.cipher.masterKey))
    }

    @Test func rotationRewrapsRowKeysWithoutReencrypting() throws {
        let scratch = try Scratch()
        let store = try scratch.makeStore()
        let user = try store.addUser(named: "alice")
        for finger in Finger.allCases {
            _ = try store.addTemplate(sampleTemplate(finger.rawValue), user: user.id, finger: finger, format: .iso)
        }
        let sealedBefore = try sqlite3(scratch.storePath, "SELECT hex(sealed) FROM templates ORDER BY template_uuid;")
        let wrappedBefore = try sqlite3(scratch.storePath, "SELECT hex(wrapped_dek) FROM templates ORDER BY template_uuid;")
        let summary = try store.rotateMasterKey(secrets: [.keyFile(at: scratch.keyPath)])
        #expect(summary.rewrappedTemplates == 10 && summary.rewrappedUsers == 1 && summary.newGeneration == 2)
        #expect(try sqlite3(scratch.storePath, "SELECT hex(sealed) FROM templates ORDER BY template_uuid;") == sealedBefore)
        #expect(try sqlite3(scratch.storePath, "SELECT hex(wrapped_dek) FROM templates ORDER BY template_uuid;") != wrappedBefore)
        #expect(try store.templates(of: user.id).count == 10)
        let reopened = try scratch.reopen()
        #expect(reopened.masterKeyGeneration == 2)
        #expect(try reopened.user(named: "alice")?.id == user.id)
        #expect(try reopened.check().isClean)
    }

    /// After rotating to a new master key and a new key file, a backup taken before opens only
    /// with the old key file, and the new master key unwraps none of its row keys.
    @Test func oldBackupDoesNotOpenWithTheNewKey() throws {
        let scratch = try Scratch()
        let store = try scratch.makeStore()
        let user = try store.addUser(named: "alice")
        _ = try store.addTemplate(sampleTemplate(1), user: user.id, finger: .rightIndex, format: .iso)
        try store.backup(to: scratch.path("old.db"))
        let newKey = try KeySecret.newKeyFile(at: scratch.path("new.key"))
        try store.writeBatch {
            _ = try store.rotateMasterKey(secrets: [.keyFile(at: scratch.keyPath)])
            _ = try store.addKeySlot(for: newKey)
            try store.removeKeySlot(1)
        }
        #expect(throws: UnlockError.self) { try TemplateDatabase.open(at: scratch.path("old.db"), secrets: [newKey]) }
        #expect(throws: UnlockError.self) { try scratch.reopen() }
        let current = try TemplateDatabase.open(at: scratch.storePath, secrets: [newKey])
        #expect(try current.templates(of: user.id).count == 1)
        let old = try TemplateDatabase.open(at: scratch.path("old.db"), secrets: [.keyFile(at: scratch.keyPath)])
        let oldWrapped = try #require(try old.connection.firstRow("SELECT wrapped_dek FROM templates", []) { $0.blob(at: 0) })
        #expect(try AESKeyWrap.unwrap(oldWrapped, with: current.cipher.masterKey) == nil)
    }

    @Test func rotationNeedsEverySlotOrDropsThem() throws {
        let scratch = try Scratch()
        let store = try scratch.makeStore()
        _ = try store.addKeySlot(for: try passphrase("pw"), label: "admin", scrypt: .testing)
        let error = #expect(throws: UnlockError.self) { try store.rotateMasterKey(secrets: [.keyFile(at: scratch.keyPath)]) }
        guard case .slotsWithoutSecret([2]) = error else { Issue.record("\(String(describing: error))"); return }
        let both = try store.rotateMasterKey(secrets: [.keyFile(at: scratch.keyPath), try passphrase("pw")])
        #expect(both.rewrappedSlots == [1, 2])
        let dropped = try store.rotateMasterKey(secrets: [try passphrase("pw")], droppingSlotsWithoutSecret: true)
        #expect(dropped.droppedSlots == [1])
        #expect(try store.keySlots().map(\.id) == [2])
        #expect(throws: UnlockError.self) { try store.removeKeySlot(2) }
        #expect(throws: Never.self) { try TemplateDatabase.open(at: scratch.storePath, secrets: [try passphrase("pw")]) }
    }

    @Test func staleSlotIsAnIntegrityFailure() throws {
        let scratch = try Scratch()
        let store = try scratch.makeStore()
        try store.backup(to: scratch.path("old.db"))
        _ = try store.rotateMasterKey(secrets: [.keyFile(at: scratch.keyPath)])
        // Put the pre-rotation slot row back: it unwraps the old master key.
        try sqlite3(scratch.storePath, """
            ATTACH '\(scratch.path("old.db"))' AS old;
            UPDATE key_slots SET wrapped_mk = (SELECT wrapped_mk FROM old.key_slots WHERE slot_id = 1) WHERE slot_id = 1;
            """)
        let error = #expect(throws: IntegrityError.self) { try scratch.reopen() }
        guard case .staleKeySlot(1) = error else { Issue.record("\(String(describing: error))"); return }
    }

    @Test func keyCommandSuppliesTheKey() throws {
        let scratch = try Scratch()
        let keyHex = String(repeating: "ab", count: 32)
        let store = try TemplateDatabase.create(at: scratch.storePath, secret: try .keyCommand("echo \(keyHex)"))
        _ = try store.addUser(named: "alice")
        let viaCommand = try TemplateDatabase.open(at: scratch.storePath, secrets: [try .keyCommand("printf '%s\\n' \(keyHex)")])
        #expect(try viaCommand.users().count == 1)
        #expect(throws: UnlockError.self) {
            try TemplateDatabase.open(at: scratch.storePath, secrets: [try .keyCommand("echo \(String(repeating: "cd", count: 32))")])
        }
    }

    @Test func keyCommandFailuresAreExplained() throws {
        let failed = #expect(throws: UnlockError.self) { try KeySecret.keyCommand("echo nope >&2; exit 3") }
        guard case .keyCommandFailed(_, 3, "nope") = failed else { Issue.record("\(String(describing: failed))"); return }
        let slow = #expect(throws: UnlockError.self) { try KeySecret.keyCommand("sleep 30", timeout: .milliseconds(300)) }
        guard case .keyCommandTimedOut = slow else { Issue.record("\(String(describing: slow))"); return }
        let garbage = #expect(throws: UnlockError.self) { try KeySecret.keyCommand("echo hello") }
        guard case .malformedKey = garbage else { Issue.record("\(String(describing: garbage))"); return }
        let flood = #expect(throws: UnlockError.self) { try KeySecret.keyCommand("head -c 100000 /dev/zero") }
        guard case .malformedKey = flood else { Issue.record("\(String(describing: flood))"); return }
    }

    @Test func environmentKeyOnlyWhenAllowed() throws {
        let variable = "PBTOOL_TEST_KEY_\(getpid())_\(Int.random(in: 0..<1_000_000))"
        setenv(variable, String(repeating: "0f", count: 32), 1)
        let refused = #expect(throws: UnlockError.self) { try KeySecret.environment(variable, allowed: false) }
        guard case .environmentKeyNotAllowed = refused else { Issue.record("\(String(describing: refused))"); return }
        let secret = try KeySecret.environment(variable, allowed: true)
        #expect(secret.material.copyBytes() == [UInt8](repeating: 0x0F, count: 32))
        #expect(getenv(variable) == nil)
        #expect(throws: UnlockError.self) { try KeySecret.environment(variable, allowed: true) }
    }

    @Test func emptyPassphraseIsRefused() {
        #expect(throws: UnlockError.self) { try KeySecret.passphrase(SecretBytes(count: 0)) }
    }
}

@Suite struct KeySlotRequestTests {
    @Test func slotRequestsThatCannotWorkAreRefused() throws {
        let scratch = try Scratch()
        let store = try scratch.makeStore()
        #expect(throws: UnlockError.self) { try store.addKeySlot(for: try passphrase("pw"), scrypt: ScryptParameters(logN: 24, r: 8, p: 1)) }
        #expect(throws: UnlockError.self) { try store.changePassphrase(slot: 1, to: try passphrase("pw"), scrypt: .testing) }
        #expect(throws: UnlockError.self) { try store.removeKeySlot(7) }
        #expect(try store.keySlots().count == 1)
    }
}
