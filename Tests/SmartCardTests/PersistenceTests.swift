import BiometricFormats
import Foundation
import SmartCard
import Testing
import TestSupport
import VirtualCard

/// What survives a restart of the virtual card (its state file) and what must not: counters,
/// blocks, enrolments and IDStore data stay; verified fingers and keys go.
@Suite struct PersistenceTests {
    private typealias Fixture = VirtualCardFixture

    @Test func countersAndBlocksSurviveRestartsButVerificationDoesNot() throws {
        let directory = try TemporaryDirectory()
        let stateFile = directory.file("card.json")
        do {
            let fixture = try Fixture(stateFile: stateFile)
            let bioManager = try fixture.enrollRightIndex()
            #expect(try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.impostor)) == .noMatch(retriesLeft: 4))
            #expect(try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.impostor)) == .noMatch(retriesLeft: 3))
            let store = IDStore(transport: fixture.transport)
            try store.select()
            try store.store([1, 2, 3], named: "kept", access: IDStoreAccess(write: .admin, read: .finger))
            try bioManager.select()
            #expect(try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe)) == .match)
        }
        let restarted = try Fixture(stateFile: stateFile)
        let bioManager = restarted.bioManager
        try bioManager.select()
        var properties = try bioManager.properties()
        #expect(properties.lifeCycle == .operational)
        #expect(properties.enrolled == [0] && properties.verified.isEmpty && !properties.isAdminKeyVerified)
        #expect(properties.status(of: .rightIndex).retriesLeft == 5)
        let store = IDStore(transport: restarted.transport)
        try store.select()
        #expect(throws: IDStoreError.self) { try store.read(named: "kept") }
        try bioManager.select()
        for left in (0...4).reversed() {
            #expect(try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.impostor)) == .noMatch(retriesLeft: left))
        }
        let blockedAgain = try Fixture(stateFile: stateFile)
        let reopened = blockedAgain.bioManager
        try reopened.select()
        properties = try reopened.properties()
        #expect(properties.blocked == [0])
        #expect(try reopened.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe)) == .blocked)
        try reopened.verifyKey(Fixture.adminKey, .admin)
        try reopened.unblock(.rightIndex)
        #expect(try reopened.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe)) == .match)
        let reopenedStore = IDStore(transport: blockedAgain.transport)
        try reopenedStore.select()
        #expect(try reopenedStore.read(named: "kept") == [1, 2, 3])
    }

    @Test func theISOAppletKeepsItsSlotsAndPINCounters() throws {
        let directory = try TemporaryDirectory()
        let stateFile = directory.file("card.json")
        do {
            let fixture = try Fixture(stateFile: stateFile)
            let iso = ISOMatchOnCard(transport: fixture.transport)
            try iso.select()
            #expect(try iso.verifyPIN("87654321", reference: ISOMatchOnCard.adminPIN) == .match)
            try iso.enroll(.rightThumb, minutiae: CompactCardTemplate(bytes: Fixture.reference))
            #expect(try iso.verifyPIN("111111") == .noMatch(retriesLeft: 2))
            #expect(try iso.verify(.rightThumb, minutiae: CompactCardTemplate(bytes: Fixture.impostor)) == .noMatch(retriesLeft: 4))
        }
        let fixture = try Fixture(stateFile: stateFile)
        let iso = ISOMatchOnCard(transport: fixture.transport)
        try iso.select()
        #expect(try iso.biometricInformation().map(\.finger) == [.rightThumb])
        #expect(try iso.status(of: 0x91) == .notVerified(retriesLeft: 4))
        #expect(try iso.status(of: ISOMatchOnCard.userPIN) == .notVerified(retriesLeft: 2))
        #expect(try iso.status(of: ISOMatchOnCard.adminPIN) == .notVerified(retriesLeft: 5))
    }

    @Test func aDamagedStateFileIsRefusedNotReset() throws {
        let directory = try TemporaryDirectory()
        let stateFile = directory.file("card.json")
        _ = try Fixture(stateFile: stateFile).enrollRightIndex()
        let original = try Data(contentsOf: stateFile)
        var json = try #require(try JSONSerialization.jsonObject(with: original) as? [String: Any])
        var applets = try #require(json["applets"] as? [String: String])
        let key = "A00000008400"
        let encoded = try #require(applets[key])
        let bioManagerState = try #require(Data(base64Encoded: encoded))
        let tampered = String(decoding: bioManagerState, as: UTF8.self).replacingOccurrences(of: "\"retries\":5", with: "\"retries\":9")
        applets[key] = Data(tampered.utf8).base64EncodedString()
        json["applets"] = applets
        try JSONSerialization.data(withJSONObject: json).write(to: stateFile)
        #expect(throws: VirtualCardError.self) { try Fixture(stateFile: stateFile) }
        try Data("not json".utf8).write(to: stateFile)
        #expect(throws: VirtualCardError.self) { try Fixture(stateFile: stateFile) }
    }
}
