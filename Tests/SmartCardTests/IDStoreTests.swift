import APDU
import SmartCard
import Testing
import TestSupport

/// IDStore on the wire, access bytes, and pbtool's directory in container 0.
@Suite struct IDStoreTests {
    private func client(_ script: [ScriptedCard.Exchange]) -> (IDStore, ScriptedCard) {
        let card = ScriptedCard(script)
        return (IDStore(transport: CardTransport(channel: card)), card)
    }

    @Test func readsExactlyTheStoredBytesInParts() throws {
        let stored = (0..<300).map { UInt8($0 % 256) }
        let (store, card) = client([
            .init("B056020003", "1F012C 9000"),
            .init(command: [0xB0, 0x54, 0x02, 0x00, 0xFA], response: Array(stored[0..<250]) + [0x90, 0x00]),
            .init(command: [0xB0, 0x54, 0x02, 0x01, 0x32], response: Array(stored[250...]) + [0x90, 0x00]),
            .init("B0540202", "9000"),
        ])
        #expect(try store.read(2) == stored)
        #expect(card.isFinished)
    }

    @Test func writesInPartsAndCommits() throws {
        let data = (0..<260).map { UInt8($0 % 256) }
        let (store, card) = client([
            .init(command: [0xB0, 0x52, 0x03, 0x00, 0xFA] + data[0..<250], response: [0x90, 0x00]),
            .init(command: [0xB0, 0x52, 0x03, 0x01, 0x0A] + data[250...], response: [0x90, 0x00]),
            .init("B0520302", "9000"),
        ])
        try store.write(3, data)
        #expect(card.isFinished)
    }

    @Test func mapsRefusals() throws {
        let (denied, _) = client([.init("B056020003", "210010 9000"), .init("B054020010", "6982")])
        #expect(throws: IDStoreError.accessDenied(what: "IDStore container 2", needs: .finger)) { try denied.read(2) }
        let (empty, _) = client([.init("B056050003", "220000 9000")])
        #expect(throws: IDStoreError.emptyContainer(5)) { try empty.read(5) }
        let (missing, _) = client([.init("B056200003", "6A82")])
        #expect(throws: IDStoreError.noSuchContainer(32)) { try missing.info(32) }
        let (full, _) = client([.init("B0520100010A", "6A84")])
        #expect(throws: IDStoreError.tooLarge(count: 1, capacity: nil)) { try full.write(1, [0x0A]) }
        let (short, _) = client([.init("B056000003", "22 9000")])
        #expect(throws: CardEdgeError.self) { try short.info(0) }
        #expect(throws: IDStoreError.noSuchContainer(300)) { try short.info(300) }
    }

    @Test func decodesPropertiesAndAccessBytes() throws {
        let properties = try IDStoreProperties(bytes: [0x10, 0x04, 0x00, 0x80, 0x05])
        #expect(properties.containerCount == 16)
        #expect(properties.capacity == 1024)
        #expect(properties.inUse == [0, 2, 15])
        #expect(throws: CardEdgeError.self) { try IDStoreProperties(bytes: [0x10, 0x04]) }
        let access = IDStoreAccess(byte: 0x23)
        #expect(access.write == .admin && access.read == .fingerOrAdmin)
        #expect(IDStoreAccess(write: .admin, read: .finger).byte == 0x21)
        #expect(IDStoreAccess.directory.byte == 0x2F)
        #expect(IDStoreCondition(name: "biometry-or-admin") == .fingerOrAdmin)
        #expect(IDStoreCondition(name: "someone") == nil)
        #expect(IDStoreCondition(rawValue: 0x7).name == "unknown (7)")
    }

    @Test func directoryRoundTripsAndRefusesDamage() throws {
        var directory = IDStoreDirectory()
        directory.set("vpn", container: 1)
        directory.set("pgp passphrase ✓", container: 2)
        directory.set("vpn", container: 3)
        let decoded = try IDStoreDirectory(bytes: directory.bytes)
        #expect(decoded == directory)
        #expect(decoded.container(named: "vpn") == 3)
        #expect(decoded.name(of: 2) == "pgp passphrase ✓")
        #expect(decoded.container(named: "nope") == nil)
        #expect(throws: IDStoreError.self) { try IDStoreDirectory(bytes: [0x61, 0x05, 0x50, 0x01]) }
        #expect(throws: IDStoreError.self) { try IDStoreDirectory(bytes: [0x62, 0x03, 0x50, 0x01, 0x41]) }
        #expect(throws: IDStoreError.self) { try IDStoreDirectory(bytes: [0x61, 0x06, 0x50, 0x01, 0xFF, 0x02, 0x01, 0x01]) }
        #expect(try IDStoreDirectory(bytes: []).entries.isEmpty)
    }

    @Test func validatesNames() {
        #expect(throws: IDStoreError.invalidName("")) { try IDStoreDirectory.validate("") }
        #expect(throws: IDStoreError.self) { try IDStoreDirectory.validate(String(repeating: "x", count: 65)) }
        #expect(throws: IDStoreError.self) { try IDStoreDirectory.validate("tab\there") }
        #expect(throws: Never.self) { try IDStoreDirectory.validate("vpn-password") }
    }
}
