import APDU
import BiometricFormats
import Foundation
import PCSC
import SmartCard
import Testing
import TestSupport
import VirtualCard

/// The card edges through the real stack: libpcsclite → pcscd → vpcd → the virtual card (in this
/// process, with the comparison test double at its seam).
@Suite(.serialized, .timeLimit(.minutes(15))) struct LiveEdgeTests {
    private typealias Fixture = VirtualCardFixture
    private let secret = Array("s3cret".utf8)

    private func attach(stateFile: URL? = nil) throws -> AttachedVirtualCard {
        try AttachedVirtualCard.attach(applets: AppletCatalog.all(comparison: SameMinutiaeComparison()), stateFile: stateFile)
    }

    private func transport(_ card: PCSCCard) -> CardTransport {
        CardTransport(channel: card, redaction: .cardEdgeSecrets)
    }

    /// Initialises the card, enrols the right index and stores `secret` for a verified finger.
    private func personalise(_ reader: String) throws {
        let card = try PCSCContext().connect(to: reader)
        let transport = transport(card)
        let bioManager = BioManager(transport: transport)
        try bioManager.select()
        let startKey = try bioManager.leaveVirgin()
        try bioManager.verifyKey(startKey, .start)
        try bioManager.changeKey(.admin, to: Fixture.adminKey)
        try bioManager.changeState(to: .operational)
        try bioManager.verifyKey(Fixture.adminKey, .admin)
        try bioManager.enroll(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.reference))
        let store = IDStore(transport: transport)
        try store.select()
        try store.store(secret, named: "login", access: IDStoreAccess(write: .admin, read: .finger))
        try card.disconnect(.reset)
    }

    @Test func everyBioManagerAndIDStoreCommandThroughPCSCD() async throws {
        try await LiveStack.run {
            let attached = try attach()
            defer { try? attached.detach() }
            try personalise(attached.reader)
            let card = try PCSCContext().connect(to: attached.reader)
            let transport = transport(card)
            let bioManager = BioManager(transport: transport)
            try bioManager.select()
            #expect(try bioManager.properties().lifeCycle == .operational)
            #expect(!(try bioManager.properties().isAdminKeyVerified), "the reset disposition dropped the admin key")
            let header = try BiometricHeader(try BERTLV(bytes: try bioManager.bioHeader(.rightIndex)), operation: "test")
            #expect(header.isCompactCard)
            #expect(try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.impostor)) == .noMatch(retriesLeft: 4))
            #expect(try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe)) == .match)
            let store = IDStore(transport: transport)
            try store.select()
            #expect(try store.entries().map(\.name) == ["login"])
            #expect(try store.read(named: "login") == secret)
            try bioManager.select()
            try bioManager.resetStatus(.rightIndex)
            try store.select()
            #expect(throws: IDStoreError.self) { try store.read(named: "login") }
            try bioManager.select()
            try bioManager.verifyKey(Fixture.adminKey, .admin)
            try bioManager.unblock(.rightIndex)
            #expect(try bioManager.properties().status(of: .rightIndex).retriesLeft == 5)
            try store.select()
            try store.remove(named: "login")
            #expect(try store.entries().isEmpty)
            try bioManager.select()
            try bioManager.delete(.rightIndex)
            #expect(try bioManager.properties().enrolled.isEmpty)
            try bioManager.changeState(to: .administration)
            #expect(try bioManager.properties().lifeCycle == .administration)
            try card.disconnect(.reset)
        }
    }

    /// Sends `apdu` as it is and returns the answer's data and status word (hex, no spaces).
    private func raw(_ card: PCSCCard, _ apdu: String) throws -> (data: [UInt8], status: String) {
        let answer = try card.transmit(try [UInt8](hex: apdu))
        return (Array(answer.dropLast(2)), answer.suffix(2).hexString(separator: ""))
    }

    /// Issue 24, item 1: the admin key cannot open a finger-guarded entry by loosening its rule.
    /// Raw APDUs: SELECT BioManager, VERIFY KEY (admin), SELECT IDStore, SET ACCESS, READ.
    @Test func theAdminKeyCanTightenARuleButLooseningOneErasesTheData() async throws {
        try await LiveStack.run {
            let attached = try attach()
            defer { try? attached.detach() }
            try personalise(attached.reader)
            let card = try PCSCContext().connect(to: attached.reader)
            let store = IDStore(transport: transport(card))
            let bioManager = BioManager(transport: transport(card))
            try bioManager.select()
            try bioManager.verifyKey(Fixture.adminKey, .admin)
            try store.select()
            let either = try store.store(secret, named: "either", access: IDStoreAccess(write: .admin, read: .fingerOrAdmin))
            let login = try #require(try store.directory().container(named: "login"))
            let adminKey = Fixture.adminKey.hexString(separator: "")
            #expect(try raw(card, "00A4040C06A00000008400").status == "9000")
            #expect(try raw(card, "B0460100\(String(format: "%02X", Fixture.adminKey.count))\(adminKey)").status == "9000")
            #expect(try raw(card, "00A4040C06A00000008403").status == "9000")
            let eitherP1 = String(format: "%02X", either.container), loginP1 = String(format: "%02X", login)
            // Tightening keeps the data: finger-or-admin → finger; the admin key no longer reads it.
            #expect(try raw(card, "B05A\(eitherP1)000121").status == "9000")
            #expect(try raw(card, "B056\(eitherP1)0003").data == [0x21, 0x00, UInt8(secret.count)])
            #expect(try raw(card, "B054\(eitherP1)00FA").status == "6982")
            // Loosening erases it: finger → anyone, and finger → admin.
            #expect(try raw(card, "B05A\(loginP1)0001FF").status == "9000")
            #expect(try raw(card, "B056\(loginP1)0003").data == [0xFF, 0x00, 0x00])
            let read = try raw(card, "B054\(loginP1)00FA")
            #expect(read.status == "6A82")
            #expect(read.data.isEmpty)
            #expect(try raw(card, "B05A\(eitherP1)000122").status == "9000")
            #expect(try raw(card, "B054\(eitherP1)00FA").status == "6A82")
            #expect(try raw(card, "B056\(eitherP1)0003").data == [0x22, 0x00, 0x00])
            try card.disconnect(.reset)
        }
    }

    @Test func leavingTheCardKeepsTheVerifiedFingerAndAResetDropsIt() async throws {
        try await LiveStack.run {
            let attached = try attach()
            defer { try? attached.detach() }
            try personalise(attached.reader)
            // Another application keeps the card in use, so pcscd does not power it off between
            // connections (it does so within a second of the last disconnect; see docs/card.md).
            let holder = try PCSCContext().connect(to: attached.reader)
            defer { try? holder.disconnect(.leave) }
            let verifying = try PCSCContext().connect(to: attached.reader)
            let bioManager = BioManager(transport: transport(verifying))
            try bioManager.select()
            #expect(try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe)) == .match)
            try verifying.disconnect(.leave)
            let reading = try PCSCContext().connect(to: attached.reader)
            let store = IDStore(transport: transport(reading))
            try store.select()
            #expect(try store.read(named: "login") == secret)
            try reading.disconnect(.reset)
            let afterReset = try PCSCContext().connect(to: attached.reader)
            let lockedStore = IDStore(transport: transport(afterReset))
            try lockedStore.select()
            #expect(throws: IDStoreError.accessDenied(what: "\"login\"", needs: .finger)) { try lockedStore.read(named: "login") }
            try afterReset.disconnect(.leave)
        }
    }

    @Test func aCardRemovedBetweenVerifyAndReadIsLocked() async throws {
        try await LiveStack.run {
            let attached = try attach()
            try personalise(attached.reader)
            let card = try PCSCContext().connect(to: attached.reader)
            let bioManager = BioManager(transport: transport(card))
            try bioManager.select()
            #expect(try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe)) == .match)
            try attached.detach()
            let store = IDStore(transport: transport(card))
            #expect(throws: PCSCError.self) { try store.select() }
            let reinserted = try AttachedVirtualCard.attach(attached.card)
            defer { try? reinserted.detach() }
            let again = try PCSCContext().connect(to: reinserted.reader)
            let newStore = IDStore(transport: transport(again))
            try newStore.select()
            #expect(throws: IDStoreError.accessDenied(what: "\"login\"", needs: .finger)) { try newStore.read(named: "login") }
            try again.disconnect(.leave)
        }
    }

    @Test func theISOVerifierThroughPCSCD() async throws {
        try await LiveStack.run {
            let attached = try attach()
            defer { try? attached.detach() }
            let card = try PCSCContext().connect(to: attached.reader)
            let iso = ISOMatchOnCard(transport: transport(card))
            try iso.select()
            #expect(try iso.biometricInformation().isEmpty)
            #expect(try iso.verifyPIN("87654321", reference: ISOMatchOnCard.adminPIN) == .match)
            try iso.enroll(.leftIndex, minutiae: CompactCardTemplate(bytes: Fixture.reference))
            try iso.resetSecurityStatus(of: ISOMatchOnCard.adminPIN)
            try iso.select()
            let templates = try iso.biometricInformation()
            #expect(templates.map(\.finger) == [.leftIndex])
            #expect(try iso.status(of: 0x97) == .notVerified(retriesLeft: 5))
            #expect(try iso.verify(.leftIndex, minutiae: CompactCardTemplate(bytes: Fixture.impostor)) == .noMatch(retriesLeft: 4))
            #expect(try iso.verify(.leftIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe)) == .match)
            #expect(try iso.status(of: 0x97) == .verified)
            try iso.resetSecurityStatus(of: 0x97)
            #expect(try iso.verifyPIN("123456") == .match)
            #expect(try iso.retryCounters().first { $0.reference == 0x97 }?.remaining == 5)
            #expect(try iso.verifyPIN("87654321", reference: ISOMatchOnCard.adminPIN) == .match)
            try iso.resetRetryCounter(of: 0x97)
            try iso.delete(.leftIndex)
            #expect(try iso.biometricInformation().isEmpty)
            try card.disconnect(.reset)
        }
    }

    @Test func aBlockedFingerStaysBlockedAcrossResetsAndRestarts() async throws {
        try await LiveStack.run {
            let directory = try TemporaryDirectory()
            let stateFile = directory.file("card.json")
            let first = try attach(stateFile: stateFile)
            try personalise(first.reader)
            let card = try PCSCContext().connect(to: first.reader)
            let bioManager = BioManager(transport: transport(card))
            try bioManager.select()
            for left in (0...4).reversed() {
                #expect(try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.impostor)) == .noMatch(retriesLeft: left))
            }
            try card.reconnect(initialization: .reset)
            try bioManager.select()
            #expect(try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe)) == .blocked)
            try card.disconnect(.unpower)
            try first.detach()
            // A new card process from the same state file: still blocked.
            let restarted = try attach(stateFile: stateFile)
            defer { try? restarted.detach() }
            let again = try PCSCContext().connect(to: restarted.reader)
            let reopened = BioManager(transport: transport(again))
            try reopened.select()
            #expect(try reopened.properties().blocked == [Finger.rightIndex.bioManagerContainer])
            #expect(try reopened.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe)) == .blocked)
            try again.disconnect(.leave)
        }
    }
}
