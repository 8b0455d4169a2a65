import BiometricFormats
import Foundation
import Testing
@testable import TemplateStore

@Suite struct RecordTests {
    @Test func usersAndTemplatesRoundTrip() throws {
        let scratch = try Scratch()
        let store = try scratch.makeStore()
        let alice = try store.addUser(named: "alice")
        let bob = try store.addUser(named: "bob")
        let first = try store.addTemplate(sampleTemplate(1), user: alice.id, finger: .rightIndex, format: .iso)
        _ = try store.addTemplate(sampleTemplate(2), user: alice.id, finger: .leftThumb, format: .compactCard)
        _ = try store.addTemplate(sampleTemplate(3, count: 20), user: bob.id, finger: .rightIndex, format: .iso)

        let reopened = try scratch.reopen()
        #expect(try reopened.users().map(\.name) == ["alice", "bob"])
        #expect(try reopened.user(named: "alice")?.id == alice.id)
        #expect(try reopened.user(named: "carol") == nil)
        #expect(try reopened.template(id: first.id)?.bytes.copyBytes() == sampleTemplate(1))
        #expect(try reopened.template(user: bob.id, finger: .rightIndex, format: .iso)?.bytes.copyBytes() == sampleTemplate(3, count: 20))
        #expect(try reopened.templates(of: alice.id).map(\.record.finger) == [.rightIndex, .leftThumb])
        #expect(try reopened.templateRecords(finger: .rightIndex).count == 2)
        #expect(try reopened.templateRecords(format: .compactCard).map(\.userID) == [alice.id])
        #expect(try reopened.templateRecords(user: bob.id).map(\.byteCount) == [20])
    }

    @Test func streamDecryptsLazily() throws {
        let scratch = try Scratch()
        let store = try scratch.makeStore()
        for index in 0..<5 {
            let user = try store.addUser(named: "user\(index)")
            _ = try store.addTemplate(sampleTemplate(index), user: user.id, finger: .rightIndex, format: .iso)
            _ = try store.addTemplate(sampleTemplate(index + 100), user: user.id, finger: .rightIndex, format: .ansi)
        }
        let stream = try store.templates(format: .iso)
        #expect(stream.count == 5)
        var seen: Set<[UInt8]> = []
        for entry in stream {
            #expect(entry.record.format == .iso)
            seen.insert(try entry.decrypt().bytes.copyBytes())
        }
        #expect(seen == Set((0..<5).map { sampleTemplate($0) }))
    }

    @Test func updateBumpsVersionAndChecksIt() throws {
        let scratch = try Scratch()
        let store = try scratch.makeStore()
        let user = try store.addUser(named: "alice")
        let record = try store.addTemplate(sampleTemplate(1), user: user.id, finger: .rightRing, format: .host)
        let updated = try store.updateTemplate(record.id, bytes: sampleTemplate(2), expectedVersion: 1)
        #expect(updated.version == 2)
        #expect(try store.template(id: record.id)?.bytes.copyBytes() == sampleTemplate(2))
        #expect(throws: StoreError.self) { try store.updateTemplate(record.id, bytes: sampleTemplate(3), expectedVersion: 1) }
        #expect(try scratch.reopen().template(id: record.id)?.record.version == 2)
    }

    @Test func duplicatesAndBadInputAreRefused() throws {
        let scratch = try Scratch()
        let store = try scratch.makeStore()
        let user = try store.addUser(named: "alice")
        _ = try store.addTemplate(sampleTemplate(1), user: user.id, finger: .rightIndex, format: .iso)
        #expect(throws: RecordError.self) { try store.addUser(named: "alice") }
        #expect(throws: RecordError.self) { try store.addUser(named: "") }
        #expect(throws: RecordError.self) { try store.addUser(named: "a\u{7}b") }
        #expect(throws: RecordError.self) { try store.addTemplate(sampleTemplate(2), user: user.id, finger: .rightIndex, format: .iso) }
        #expect(throws: RecordError.self) { try store.addTemplate([], user: user.id, finger: .leftIndex, format: .iso) }
        #expect(throws: RecordError.self) { try store.addTemplate(sampleTemplate(1), user: UUID(), finger: .leftIndex, format: .iso) }
        #expect(throws: RecordError.self) {
            try store.addTemplate([UInt8](repeating: 1, count: (1 << 20) + 1), user: user.id, finger: .leftIndex, format: .iso)
        }
        #expect(try store.templateRecords().count == 1)
    }

    @Test func renameAndRemove() throws {
        let scratch = try Scratch()
        let store = try scratch.makeStore()
        let alice = try store.addUser(named: "alice")
        _ = try store.addTemplate(sampleTemplate(1), user: alice.id, finger: .leftLittle, format: .iso)
        _ = try store.addTemplate(sampleTemplate(2), user: alice.id, finger: .leftLittle, format: .ansi)
        _ = try store.addTemplate(sampleTemplate(3), user: alice.id, finger: .rightMiddle, format: .iso)
        #expect(try store.renameUser(alice.id, to: "alice2").name == "alice2")
        #expect(try store.user(named: "alice") == nil)
        #expect(try store.user(named: "alice2")?.id == alice.id)
        #expect(try store.removeTemplates(user: alice.id, finger: .leftLittle) == 2)
        #expect(try store.templateRecords(user: alice.id).map(\.finger) == [.rightMiddle])
        try store.removeUser(alice.id)
        #expect(try store.users().isEmpty)
        #expect(try store.templateRecords().isEmpty)
        #expect(throws: RecordError.self) { try store.removeUser(alice.id) }
    }

    @Test func batchIsAtomic() throws {
        let scratch = try Scratch()
        let store = try scratch.makeStore()
        #expect(throws: RecordError.self) {
            try store.writeBatch {
                _ = try store.addUser(named: "one")
                _ = try store.addUser(named: "one")
            }
        }
        #expect(try store.users().isEmpty)
    }

    @Test func fingerNamesAreTheTenISOPositions() {
        #expect(Finger.allCases.count == 10)
        #expect(Finger(name: "right-index")?.storeCode == 2)
        #expect(Finger(name: "LEFT-LITTLE")?.storeCode == 10)
        #expect(Finger.leftThumb.name == "left-thumb")
        #expect(Finger(name: "right-toe") == nil)
        #expect(Finger(name: "unknown") == nil)
    }
}
