import APDU
import BiometricFormats
import SmartCard
import Testing
import TestSupport
import VirtualCard

/// IDStore against the applets in process: names, access nibbles judged against the
/// BioManager's security state, and that log-out or a reset locks the data again.
@Suite struct IDStoreOnVirtualCardTests {
    private typealias Fixture = VirtualCardFixture
    private let secret = Array("correct horse battery staple".utf8)

    /// An initialised card with the right index enrolled and entries for each read condition;
    /// the admin key is no longer verified (reset) when it returns.
    private func cardWithEntries() throws -> Fixture {
        let fixture = try Fixture()
        try fixture.enrollRightIndex()
        let store = IDStore(transport: fixture.transport)
        try store.select()
        for (name, condition) in [("finger", IDStoreCondition.finger), ("admin", .admin),
                                  ("either", .fingerOrAdmin), ("public", .anyone)] {
            try store.store(Array(name.utf8) + secret, named: name, access: IDStoreAccess(write: .admin, read: condition))
        }
        fixture.reset()
        return fixture
    }

    @Test func listsEntriesWithoutVerification() throws {
        let fixture = try cardWithEntries()
        let store = IDStore(transport: fixture.transport)
        try store.select()
        let entries = try store.entries()
        #expect(entries.map(\.name) == ["finger", "admin", "either", "public"])
        #expect(entries.map(\.container) == [1, 2, 3, 4])
        #expect(entries.map(\.access.read) == [.finger, .admin, .fingerOrAdmin, .anyone])
        #expect(entries.allSatisfy { $0.access.write == .admin })
        #expect(entries[0].size == 6 + secret.count)
        #expect(try store.info(IDStoreDirectory.container).access == .directory)
        #expect(try store.properties().inUse == [0, 1, 2, 3, 4])
    }

    @Test func releasesDataOnlyWhenItsConditionHolds() throws {
        let fixture = try cardWithEntries()
        let store = IDStore(transport: fixture.transport)
        try store.select()
        #expect(try store.read(named: "public") == Array("public".utf8) + secret)
        for name in ["finger", "admin", "either"] {
            #expect(throws: IDStoreError.self, "\(name) before verification") { try store.read(named: name) }
        }
        let bioManager = fixture.bioManager
        try bioManager.select()
        #expect(try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe)) == .match)
        try store.select()
        #expect(try store.read(named: "finger") == Array("finger".utf8) + secret)
        #expect(try store.read(named: "either") == Array("either".utf8) + secret)
        #expect(throws: IDStoreError.accessDenied(what: "\"admin\"", needs: .admin)) { try store.read(named: "admin") }
        #expect(throws: IDStoreError.self) { try store.write(1, [1, 2, 3]) }
        #expect(throws: IDStoreError.noSuchEntry("nothing")) { try store.read(named: "nothing") }
    }

    @Test func theAdminKeyOpensAdminEntries() throws {
        let fixture = try cardWithEntries()
        let bioManager = fixture.bioManager
        try bioManager.select()
        try bioManager.verifyKey(Fixture.adminKey, .admin)
        let store = IDStore(transport: fixture.transport)
        try store.select()
        #expect(try store.read(named: "admin") == Array("admin".utf8) + secret)
        #expect(try store.read(named: "either") == Array("either".utf8) + secret)
        #expect(throws: IDStoreError.self) { try store.read(named: "finger") }
    }

    @Test func logOutAndResetsLockTheDataAgain() throws {
        let fixture = try cardWithEntries()
        let bioManager = fixture.bioManager
        let store = IDStore(transport: fixture.transport)
        try bioManager.select()
        _ = try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe))
        #expect(try bioManager.logOut() == [.rightIndex])
        try store.select()
        #expect(throws: IDStoreError.self) { try store.read(named: "finger") }
        try bioManager.select()
        _ = try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe))
        fixture.reset()
        try store.select()
        #expect(throws: IDStoreError.self) { try store.read(named: "finger") }
        // A failed match also ends an earlier verification of that finger.
        try bioManager.select()
        _ = try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe))
        #expect(try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.impostor)) == .noMatch(retriesLeft: 4))
        try store.select()
        #expect(throws: IDStoreError.self) { try store.read(named: "finger") }
    }

    @Test func replacesRemovesAndRefuses() throws {
        let fixture = try Fixture()
        let bioManager = try fixture.enrollRightIndex()
        let store = IDStore(transport: fixture.transport)
        try store.select()
        let large = (0..<1000).map { UInt8($0 % 256) }
        let first = try store.store(large, named: "blob", access: IDStoreAccess(write: .admin, read: .admin))
        let second = try store.store([1, 2, 3], named: "blob", access: IDStoreAccess(write: .admin, read: .anyone))
        #expect(first.container == second.container)
        #expect(try store.read(named: "blob") == [1, 2, 3])
        #expect(throws: IDStoreError.tooLarge(count: 1025, capacity: 1024)) {
            try store.store(Array(repeating: 0, count: 1025), named: "big", access: .directory)
        }
        #expect(throws: IDStoreError.emptyData) { try store.store([], named: "empty", access: .directory) }
        #expect(throws: IDStoreError.invalidName("")) { try store.store([1], named: "", access: .directory) }
        for index in 2...15 { try store.store([UInt8(index)], named: "entry \(index)", access: .directory) }
        #expect(throws: IDStoreError.full(containers: 15)) { try store.store([1], named: "one more", access: .directory) }
        try store.remove(named: "blob")
        #expect(throws: IDStoreError.noSuchEntry("blob")) { try store.read(named: "blob") }
        #expect(try store.store([9], named: "one more", access: .directory).container == first.container)
        #expect(throws: IDStoreError.noSuchEntry("blob")) { try store.remove(named: "blob") }
        // Without the admin key nothing can be written.
        try bioManager.select()
        fixture.reset()
        try store.select()
        #expect(throws: IDStoreError.accessDenied(what: "IDStore container 2", needs: nil)) {
            try store.store([1], named: "entry 2", access: .directory)
        }
        #expect(throws: IDStoreError.self) { try store.remove(named: "one more") }
    }

    @Test func readsAndWritesLargeEntriesInParts() throws {
        let fixture = try Fixture()
        try fixture.enrollRightIndex()
        let store = IDStore(transport: fixture.transport)
        try store.select()
        let data = (0..<1024).map { UInt8(($0 * 7) % 256) }
        try store.store(data, named: "full", access: IDStoreAccess(write: .admin, read: .admin))
        #expect(try store.read(named: "full") == data)
        let writes = fixture.transport.trace.filter { $0.direction == .command && "\($0)".contains("B0 52") }
        #expect(writes.count >= 6)
    }
}
