import APDU
import BiometricFormats
import SmartCard
import Testing
import TestSupport

/// ISO/IEC 7816-11 verification on the wire: the §7 VERIFY vector, tries query, BIT discovery.
@Suite struct ISOMatchOnCardWireTests {
    private let minutiae: [UInt8] = [0x64, 0x50, 0x4A, 0x78, 0x3C, 0x97, 0x32, 0x8C, 0x40]

    private func verifier(_ script: [ScriptedCard.Exchange]) -> (ISOMatchOnCard, ScriptedCard) {
        let card = ScriptedCard(script)
        return (ISOMatchOnCard(transport: CardTransport(channel: card)), card)
    }

    @Test func sendsTheWorkedVerifyExample() throws {
        let (iso, card) = verifier([.init("00 20 00 92 0E 7F 2E 0B 81 09 64 50 4A 78 3C 97 32 8C 40", "63C4")])
        #expect(try iso.verify(reference: 0x92, probe: CompactCardTemplate(bytes: minutiae)) == .noMatch(retriesLeft: 4))
        #expect(card.isFinished)
    }

    @Test func mapsVerifyStatusWords() throws {
        let cases: [(String, VerificationOutcome)] = [("9000", .match), ("6300", .noMatch(retriesLeft: nil)), ("6983", .blocked)]
        for (status, outcome) in cases {
            let (iso, _) = verifier([.init("00 20 00 92 0E 7F 2E 0B 81 09 64 50 4A 78 3C 97 32 8C 40", status)])
            #expect(try iso.verify(reference: 0x92, probe: CompactCardTemplate(bytes: minutiae)) == outcome)
        }
        let (missing, _) = verifier([.init("00 20 00 95 0E 7F 2E 0B 81 09 64 50 4A 78 3C 97 32 8C 40", "6A88")])
        #expect(throws: CardEdgeError.notEnrolled("right-little")) {
            try missing.verify(reference: 0x95, probe: CompactCardTemplate(bytes: minutiae))
        }
        let (malformed, _) = verifier([.init("00 20 00 92 0E 7F 2E 0B 81 09 64 50 4A 78 3C 97 32 8C 40", "6A80")])
        #expect(throws: CardEdgeError.invalidData(operation: "VERIFY right-index")) {
            try malformed.verify(reference: 0x92, probe: CompactCardTemplate(bytes: minutiae))
        }
    }

    @Test func queriesTriesWithoutData() throws {
        let (iso, card) = verifier([.init("00200092", "63C3"), .init("00200092", "9000"), .init("00200092", "6983")])
        #expect(try iso.status(of: 0x92) == .notVerified(retriesLeft: 3))
        #expect(try iso.status(of: 0x92) == .verified)
        #expect(try iso.status(of: 0x92) == .blocked)
        #expect(card.isFinished)
    }

    @Test func discoversFingersFromGetDataAndBuildsTheProbeToTheBIT() throws {
        let parameters = CardMinutiaeRequirements(minimumCount: 2, maximumCount: 3, order: .cartesianXYAscending)
        let group = BiometricInformation.group([
            BiometricInformation(referenceQualifier: 0x96, header: .compactCard(.leftThumb, parameters: parameters)),
        ])
        // Four minutiae: the one farthest from the centre (X 25.0, Y 25.0) is dropped, the rest sorted by x.
        let four = minutiae + [0xFA, 0xFA, 0x41]
        let (iso, card) = verifier([
            .init("00A4040006F05042424D0100", "6F08 8406F05042424D01 9000"),
            .init(command: [0x00, 0xCA, 0x7F, 0x61, 0x00], response: group.encoded + [0x90, 0x00]),
            .init("00 20 00 96 0E 7F 2E 0B 81 09 32 8C 40 64 50 4A 78 3C 97", "9000"),
        ])
        try iso.select()
        #expect(try iso.verify(.leftThumb, minutiae: CompactCardTemplate(bytes: four)) == .match)
        #expect(card.isFinished)
    }

    @Test func refusesFormatsItCannotBuildAndFingersNotPublished() throws {
        let normal = BiometricInformation(referenceQualifier: 0x92, header: BiometricHeader(
            biometricType: 8, subtype: 0x09, formatOwner: 0x0101, formatType: 0x0004))
        let fci = BERTLV(0x6F) {
            BERTLV(0x84, [0xF0, 0x50, 0x42, 0x42, 0x4D, 0x01])
            BERTLV(0xA5) { BiometricInformation.group([normal]) }
        }
        let (iso, _) = verifier([.init(command: [0x00, 0xA4, 0x04, 0x00, 0x06, 0xF0, 0x50, 0x42, 0x42, 0x4D, 0x01, 0x00],
                                       response: fci.encoded + [0x90, 0x00])])
        try iso.select()
        #expect(throws: CardEdgeError.unsupportedFormat(what: "right-index", format: "ISO 19794-2 normal card")) {
            try iso.verify(.rightIndex, minutiae: CompactCardTemplate(bytes: minutiae))
        }
        #expect(throws: CardEdgeError.notEnrolled("left-index")) { try iso.verify(.leftIndex, minutiae: CompactCardTemplate(bytes: minutiae)) }
    }

    @Test func pinBlocksAndManagementCommands() throws {
        let (iso, card) = verifier([
            .init("00 20 00 81 08 31 32 33 34 FF FF FF FF", "9000"),
            .init("00 20 00 83 08 38 37 36 35 34 33 32 31", "63C4"),
            .init("00 2C 03 92", "6982"),
            .init("00 DB 3F FF 09 7F 60 03 83 01 92 7F 2E 00", "9000"),
            .init("00 20 FF 92", "9000"),
            .init("00 CA DF 32 00", "DF32 06 81 03 03 92 04 05 9000"),
        ])
        #expect(try iso.verifyPIN("1234") == .match)
        #expect(try iso.verifyPIN("87654321", reference: ISOMatchOnCard.adminPIN) == .noMatch(retriesLeft: 4))
        #expect(throws: CardEdgeError.securityStatusNotSatisfied(operation: "RESET RETRY COUNTER right-index")) {
            try iso.resetRetryCounter(of: 0x92)
        }
        try iso.delete(.rightIndex)
        try iso.resetSecurityStatus(of: 0x92)
        #expect(try iso.retryCounters() == [RetryCounter(reference: 0x81, remaining: 3, maximum: 3),
                                            RetryCounter(reference: 0x92, remaining: 4, maximum: 5)])
        #expect(card.isFinished)
        #expect(throws: CardEdgeError.invalidInput("a PIN is 4 to 8 digits")) { try iso.verifyPIN("12") }
        #expect(throws: CardEdgeError.invalidInput("a PIN is 4 to 8 digits")) { try iso.verifyPIN("12a4") }
    }
}
