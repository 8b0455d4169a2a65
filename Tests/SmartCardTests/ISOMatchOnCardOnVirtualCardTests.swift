import APDU
import BiometricFormats
import SmartCard
import Testing
import TestSupport
import VirtualCard

/// The ISO/IEC 7816-11 verifier against the `pb-iso` applet, in process: BIT discovery, VERIFY,
/// CHANGE REFERENCE DATA enrolment, RESET RETRY COUNTER and the PIN fallback.
@Suite struct ISOMatchOnCardOnVirtualCardTests {
    private typealias Fixture = VirtualCardFixture

    private func enrolled() throws -> (Fixture, ISOMatchOnCard) {
        let fixture = try Fixture()
        let iso = ISOMatchOnCard(transport: fixture.transport)
        try iso.select()
        #expect(try iso.verifyPIN("87654321", reference: ISOMatchOnCard.adminPIN) == .match)
        try iso.enroll(.leftIndex, minutiae: CompactCardTemplate(bytes: Fixture.reference))
        try iso.resetSecurityStatus(of: ISOMatchOnCard.adminPIN)
        try iso.select()
        return (fixture, iso)
    }

    @Test func publishesOneBITPerEnrolledFinger() throws {
        let fixture = try Fixture()
        let iso = ISOMatchOnCard(transport: fixture.transport)
        try iso.select()
        #expect(try iso.biometricInformation().isEmpty)
        let (_, enrolledCard) = try enrolled()
        let templates = try enrolledCard.biometricInformation()
        #expect(templates.count == 1)
        #expect(templates[0].finger == .leftIndex)
        #expect(templates[0].referenceQualifier == 0x97)
        #expect(templates[0].header.isCompactCard)
        #expect(templates[0].header.parameters == .pbISO)
        #expect(try enrolledCard.status(of: 0x97) == .notVerified(retriesLeft: 5))
    }

    @Test func verifiesOnCardAndCountsFailures() throws {
        let (_, iso) = try enrolled()
        #expect(try iso.verify(.leftIndex, minutiae: CompactCardTemplate(bytes: Fixture.impostor)) == .noMatch(retriesLeft: 4))
        #expect(try iso.verify(.leftIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe)) == .match)
        #expect(try iso.status(of: 0x97) == .verified)
        try iso.resetSecurityStatus(of: 0x97)
        #expect(try iso.status(of: 0x97) == .notVerified(retriesLeft: 5))
        #expect(throws: CardEdgeError.notEnrolled("right-index")) {
            try iso.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe))
        }
        // Refused probes (too few minutiae, denser than fingers allow) cost nothing.
        let eleven = try CompactCardTemplate(bytes: MinutiaeFixture.compact(count: 11, seed: 4))
        #expect(throws: CardEdgeError.invalidData(operation: "VERIFY left-index")) { try iso.verify(reference: 0x97, probe: eleven) }
        #expect(throws: CardEdgeError.invalidData(operation: "VERIFY left-index")) {
            try iso.verify(.leftIndex, minutiae: CompactCardTemplate(bytes: MinutiaeFixture.squeezed))
        }
        #expect(try iso.status(of: 0x97) == .notVerified(retriesLeft: 5))
    }

    @Test func blocksAndUnblocksWithThePUK() throws {
        let (_, iso) = try enrolled()
        let impostor = try CompactCardTemplate(bytes: Fixture.impostor)
        for left in (0...4).reversed() { #expect(try iso.verify(.leftIndex, minutiae: impostor) == .noMatch(retriesLeft: left)) }
        #expect(try iso.verify(.leftIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe)) == .blocked)
        #expect(try iso.status(of: 0x97) == .blocked)
        #expect(throws: CardEdgeError.securityStatusNotSatisfied(operation: "RESET RETRY COUNTER left-index")) {
            try iso.resetRetryCounter(of: 0x97)
        }
        #expect(try iso.resetRetryCounter(of: 0x97, puk: "00000000") == .noMatch(retriesLeft: 9))
        #expect(try iso.resetRetryCounter(of: 0x97, puk: "12345678") == .match)
        #expect(try iso.verify(.leftIndex, minutiae: CompactCardTemplate(bytes: Fixture.probe)) == .match)
        #expect(try iso.retryCounters().contains(RetryCounter(reference: 0x82, remaining: 10, maximum: 10)))
    }

    @Test func thePINIsTheFallbackAndCanChange() throws {
        let (_, iso) = try enrolled()
        #expect(try iso.verifyPIN("000000") == .noMatch(retriesLeft: 2))
        #expect(try iso.verifyPIN("123456") == .match)
        #expect(try iso.status(of: ISOMatchOnCard.userPIN) == .verified)
        #expect(try iso.changePIN(from: "123456", to: "24680") == .match)
        #expect(try iso.verifyPIN("123456") == .noMatch(retriesLeft: 2))
        #expect(try iso.verifyPIN("24680") == .match)
        for left in (0...2).reversed() { #expect(try iso.verifyPIN("99999") == .noMatch(retriesLeft: left)) }
        #expect(try iso.verifyPIN("24680") == .blocked)
        #expect(try iso.resetRetryCounter(of: ISOMatchOnCard.userPIN, puk: "12345678") == .match)
        #expect(try iso.verifyPIN("24680") == .match)
    }

    @Test func managementNeedsTheAdminPIN() throws {
        let (_, iso) = try enrolled()
        #expect(throws: CardEdgeError.securityStatusNotSatisfied(operation: "CHANGE REFERENCE DATA right-index")) {
            try iso.enroll(.rightIndex, minutiae: CompactCardTemplate(bytes: Fixture.reference))
        }
        #expect(throws: CardEdgeError.securityStatusNotSatisfied(operation: "PUT DATA (delete) left-index")) { try iso.delete(.leftIndex) }
        #expect(try iso.verifyPIN("87654321", reference: ISOMatchOnCard.adminPIN) == .match)
        #expect(throws: CompactTemplateError.self) {
            try iso.enroll(.rightIndex, minutiae: CompactCardTemplate(bytes: MinutiaeFixture.compact(count: 61, seed: 3)))
        }
        // A reference denser than fingers allow: 6A80, and nothing is stored.
        #expect(throws: CardEdgeError.self) { try iso.enroll(.rightIndex, minutiae: CompactCardTemplate(bytes: MinutiaeFixture.squeezed)) }
        #expect(try iso.biometricInformation().count == 1)
        try iso.delete(.leftIndex)
        #expect(throws: CardEdgeError.notEnrolled("left-index")) { try iso.delete(.leftIndex) }
        try iso.select()
        #expect(try iso.biometricInformation().isEmpty)
    }
}
