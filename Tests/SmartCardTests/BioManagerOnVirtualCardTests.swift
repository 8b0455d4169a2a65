import APDU
import BiometricFormats
import SmartCard
import Testing
import TestSupport
import VirtualCard

/// The BioManager client against the BioManager applet, in process: life cycle, keys, enrolment,
/// match on card, counters, blocking, and that no reference ever comes back.
@Suite struct BioManagerOnVirtualCardTests {
    private typealias Fixture = VirtualCardFixture

    @Test func walksTheLifeCycleFromVirginToOperational() throws {
        let fixture = try Fixture()
        let bioManager = fixture.bioManager
        try bioManager.select()
        var properties = try bioManager.properties()
        #expect(properties.lifeCycle == .virgin)
        #expect(properties.containerCount == 10 && properties.enrolled.isEmpty)
        #expect(throws: CardEdgeError.self) { try bioManager.changeState(to: .operational) }
        #expect(throws: CardEdgeError.wrongState(operation: "ENROLL right-index", detail: "6985 Conditions of use not satisfied")) {
            try bioManager.enroll(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.reference))
        }
        let startKey = try bioManager.leaveVirgin()
        #expect(startKey.count == 8)
        #expect(throws: CardEdgeError.self) { try bioManager.leaveVirgin() }
        #expect(throws: CardEdgeError.securityStatusNotSatisfied(operation: "CHANGE KEY (admin key)")) {
            try bioManager.changeKey(.admin, to: Fixture.adminKey)
        }
        #expect(throws: CardEdgeError.wrongKey(key: "start key", retriesLeft: 2)) { try bioManager.verifyKey([0, 0, 0, 0, 0, 0, 0, 0], .start) }
        try bioManager.verifyKey(startKey, .start)
        #expect(throws: CardEdgeError.self) { try bioManager.changeKey(.admin, to: [1, 2, 3]) }
        #expect(throws: CardEdgeError.self) { try bioManager.changeState(to: .operational) }
        try bioManager.changeKey(.admin, to: Fixture.adminKey)
        try bioManager.changeState(to: .operational)
        properties = try bioManager.properties()
        #expect(properties.lifeCycle == .operational)
        #expect(properties.startKeyRetries == 3 && properties.adminKeyRetries == 5)
        // The start key only ever opens initialization.
        #expect(throws: CardEdgeError.self) { try bioManager.verifyKey(startKey, .start) }
        #expect(throws: CardEdgeError.securityStatusNotSatisfied(operation: "ENROLL right-index")) {
            try bioManager.enroll(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.reference))
        }
    }

    @Test func enrolsAndMatchesOnCard() throws {
        let fixture = try Fixture()
        let bioManager = try fixture.enrollRightIndex()
        let properties = try bioManager.properties()
        #expect(properties.enrolledFingers.map(\.finger) == [.rightIndex])
        #expect(properties.status(of: .rightIndex).retriesLeft == 5)
        let header = try BiometricHeader(try BERTLV(bytes: try bioManager.bioHeader(.rightIndex)), operation: "test")
        #expect(header.isCompactCard && header.finger == .rightIndex && header.parameters == .pbISO)
        #expect(try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe)) == .match)
        #expect(try bioManager.properties().verified == [Finger.rightIndex.bioManagerContainer])
        #expect(throws: CardEdgeError.notEnrolled("left-index")) {
            try bioManager.verify(.leftIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe))
        }
        try bioManager.resetStatus(.rightIndex)
        #expect(try bioManager.properties().verified.isEmpty)
    }

    @Test func everyFailedMatchCostsATryUntilTheFingerBlocks() throws {
        let fixture = try Fixture()
        let bioManager = try fixture.enrollRightIndex()
        let impostor = try CompactCardTemplate(bytes: Fixture.impostor)
        for left in (0...4).reversed() {
            #expect(try bioManager.verify(.rightIndex, minutiae: impostor) == .noMatch(retriesLeft: left))
        }
        #expect(try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe)) == .blocked)
        let status = try bioManager.properties().status(of: .rightIndex)
        #expect(status.isBlocked && status.retriesLeft == 0 && !status.isVerified)
        fixture.reset()
        try bioManager.select()
        #expect(try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe)) == .blocked)
        #expect(throws: CardEdgeError.securityStatusNotSatisfied(operation: "UNBLOCK right-index")) { try bioManager.unblock(.rightIndex) }
        try bioManager.verifyKey(Fixture.adminKey, .admin)
        try bioManager.unblock(.rightIndex)
        #expect(try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe)) == .match)
    }

    @Test func aMatchRestoresTheCounter() throws {
        let bioManager = try Fixture().enrollRightIndex()
        _ = try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.impostor))
        #expect(try bioManager.properties().status(of: .rightIndex).retriesLeft == 4)
        #expect(try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe)) == .match)
        #expect(try bioManager.properties().status(of: .rightIndex).retriesLeft == 5)
    }

    /// The card refuses to hold a reference denser than fingers allow with `6984`, whoever sends
    /// it, and the container stays empty.
    @Test func refusesAReferenceDenserThanFingersAllow() throws {
        let bioManager = try Fixture().enrollRightIndex()
        #expect(throws: CardEdgeError.self) { try bioManager.enroll(.leftIndex, minutiae: CompactCardTemplate(bytes: MinutiaeFixture.squeezed)) }
        #expect(try bioManager.properties().enrolled.count == 1, "only the right index")
        #expect(try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe)) == .match)
    }

    @Test func refusesProbesOutsideTheCardsLimitsWithoutSpendingATry() throws {
        let bioManager = try Fixture().enrollRightIndex()
        let raw = bioManager.transport
        // Eleven minutiae are below the card's 12: 6984, and the counter stays.
        let eleven = MinutiaeFixture.compact(count: 11, seed: 9)
        #expect(throws: CardEdgeError.invalidData(operation: "VERIFY right-index")) { try bioManager.verify(.rightIndex, probe: eleven) }
        #expect(throws: CompactTemplateError.tooFewMinutiae(count: 11, minimum: 12)) {
            try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: eleven))
        }
        // A reserved type, a torn minutia and minutiae denser than fingers allow are refused too.
        #expect(throws: CardEdgeError.self) { try bioManager.verify(.rightIndex, probe: Array(Fixture.probe.dropLast())) }
        #expect(throws: CardEdgeError.invalidData(operation: "VERIFY right-index")) {
            try bioManager.verify(.rightIndex, probe: MinutiaeFixture.squeezed)
        }
        #expect(try bioManager.properties().status(of: .rightIndex).retriesLeft == 5)
        // FINAL without a first part, and a part for another container, are conditions-of-use errors.
        #expect(try raw.send(CommandAPDU(cla: 0xB0, ins: 0x32, p1: 0x00, p2: 0x02)).statusWord == .conditionsOfUseNotSatisfied)
        _ = try raw.send(CommandAPDU(cla: 0xB0, ins: 0x32, p1: 0x00, p2: 0x00, data: Array(Fixture.probe.prefix(30))))
        #expect(try raw.send(CommandAPDU(cla: 0xB0, ins: 0x32, p1: 0x01, p2: 0x01, data: [1, 2, 3])).statusWord
                == .conditionsOfUseNotSatisfied)
        #expect(try bioManager.properties().status(of: .rightIndex).retriesLeft == 5)
    }

    @Test func refusesReferencesItCannotUse() throws {
        let bioManager = try Fixture().initialize()
        try bioManager.verifyKey(Fixture.adminKey, .admin)
        #expect(throws: CompactTemplateError.tooFewMinutiae(count: 12, minimum: 16)) {
            try bioManager.enroll(.rightIndex, minutiae: CompactCardTemplate(bytes: MinutiaeFixture.compact(count: 12, seed: 1)))
        }
        let twelve = MinutiaeFixture.compact(count: 12, seed: 1)
        let header = BiometricHeader.compactCard(.rightIndex).tlv.encoded
        #expect(throws: CardEdgeError.invalidData(operation: "ENROLL right-index")) {
            try bioManager.enroll(.rightIndex, header: header, reference: twelve)
        }
        // A header for another finger, or another format, is refused.
        #expect(throws: CardEdgeError.invalidData(operation: "ENROLL left-index")) {
            try bioManager.enroll(.leftIndex, header: header, reference: Fixture.reference)
        }
        let normalCard = BiometricHeader(biometricType: 8, subtype: 9, formatOwner: 0x0101, formatType: 0x0004).tlv.encoded
        #expect(throws: CardEdgeError.invalidData(operation: "ENROLL right-index")) {
            try bioManager.enroll(.rightIndex, header: normalCard, reference: Fixture.reference)
        }
        #expect(try bioManager.properties().enrolled.isEmpty)
    }

    @Test func deletesAFingerAndItsVerifiedState() throws {
        let bioManager = try Fixture().enrollRightIndex()
        #expect(try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe)) == .match)
        try bioManager.delete(.rightIndex)
        let properties = try bioManager.properties()
        #expect(properties.enrolled.isEmpty && properties.verified.isEmpty)
        #expect(throws: CardEdgeError.notEnrolled("right-index")) { try bioManager.delete(.rightIndex) }
        #expect(throws: CardEdgeError.notEnrolled("right-index")) { try bioManager.bioHeader(.rightIndex) }
    }

    @Test func theAdminKeyBlocksAfterFiveWrongTries() throws {
        let bioManager = try Fixture().initialize()
        for left in (0...4).reversed() {
            #expect(throws: CardEdgeError.wrongKey(key: "admin key", retriesLeft: left)) { try bioManager.verifyKey([9, 9, 9, 9, 9, 9, 9, 9], .admin) }
        }
        #expect(throws: CardEdgeError.blocked("the admin key")) { try bioManager.verifyKey(VirtualCardFixture.adminKey, .admin) }
        #expect(try bioManager.properties().adminKeyRetries == 0)
    }

    @Test func neverReturnsAReferenceTemplate() throws {
        let fixture = try Fixture()
        let bioManager = try fixture.enrollRightIndex()
        _ = try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe))
        _ = try bioManager.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.impostor))
        _ = try bioManager.bioHeader(.rightIndex)
        _ = try bioManager.properties()
        // Every INS with every phase, as an attacker would try.
        for ins: UInt8 in stride(from: 0x30, through: 0x4A, by: 2) {
            for p2: UInt8 in 0...2 {
                _ = try fixture.transport.send(CommandAPDU(cla: 0xB0, ins: ins, p1: 0, p2: p2, ne: 256))
            }
        }
        let answers = fixture.transport.trace.filter { $0.direction == .response }.map { "\($0)" }
        // The card stores the reference sorted; no two of its minutiae in a row may come back.
        let stored = try CompactCardTemplate(bytes: Fixture.reference).reference(for: .pbISOReference).bytes
        let pairs = stride(from: 0, to: stored.count - 3, by: 3).map { Array(stored[$0..<($0 + 6)]).hexString() }
        #expect(answers.count > 40)
        #expect(answers.allSatisfy { answer in pairs.allSatisfy { !answer.contains($0) } })
    }
}
