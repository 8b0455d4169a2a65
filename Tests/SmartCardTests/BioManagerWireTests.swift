import APDU
import BiometricFormats
import SmartCard
import Testing
import TestSupport

/// The exact BioManager APDUs on the wire (CLA B0, P1 container, P2 phases, 250-byte parts) and
/// how status words become outcomes and errors.
@Suite struct BioManagerWireTests {
    private func client(_ script: [ScriptedCard.Exchange]) -> (BioManager, ScriptedCard) {
        let card = ScriptedCard(script)
        return (BioManager(transport: CardTransport(channel: card)), card)
    }

    @Test func enrolsInPhasesOf250Bytes() throws {
        let header: [UInt8] = [0xA1, 0x03, 0x81, 0x01, 0x08]
        let reference = (0..<300).map { UInt8($0 % 251) }
        let (bioManager, card) = client([
            .init(command: [0xB0, 0x30, 0x00, 0x00, 0x05] + header, response: [0x90, 0x00]),
            .init(command: [0xB0, 0x30, 0x00, 0x01, 0xFA] + reference[0..<250], response: [0x90, 0x00]),
            .init(command: [0xB0, 0x30, 0x00, 0x01, 0x32] + reference[250...], response: [0x90, 0x00]),
            .init("B0300002", "9000"),
        ])
        try bioManager.enroll(.rightIndex, header: header, reference: reference)
        #expect(card.isFinished)
    }

    @Test func verifyMapsStatusWordsToOutcomes() throws {
        let probe: [UInt8] = [0x64, 0x50, 0x4A, 0x78, 0x3C, 0x97, 0x32, 0x8C, 0x40]
        let exchanges: [(String, VerificationOutcome)] = [
            ("9000", .match), ("63C2", .noMatch(retriesLeft: 2)), ("6300", .noMatch(retriesLeft: nil)), ("6983", .blocked),
        ]
        for (status, outcome) in exchanges {
            let (bioManager, card) = client([
                .init(command: [0xB0, 0x32, 0x01, 0x00, 0x09] + probe, response: [0x90, 0x00]),
                .init("B0320102", status),
            ])
            #expect(try bioManager.verify(.leftIndex, probe: probe) == outcome)
            #expect(card.isFinished)
        }
    }

    @Test func aBlockedFingerAnswersTheFirstPart() throws {
        let (bioManager, card) = client([.init("B032000003010203", "6983")])
        #expect(try bioManager.verify(.rightIndex, probe: [1, 2, 3]) == .blocked)
        #expect(card.isFinished)
    }

    @Test func anEmptyContainerIsNotEnrolled() {
        let (bioManager, _) = client([.init("B032080003010203", "6A82")])
        #expect(throws: CardEdgeError.notEnrolled("right-thumb")) { try bioManager.verify(.rightThumb, probe: [1, 2, 3]) }
        let (header, _) = client([.init("B034090000", "6A82")])
        #expect(throws: CardEdgeError.notEnrolled("left-thumb")) { try header.bioHeader(.leftThumb) }
    }

    @Test func keysAndLifeCycle() throws {
        let key = [UInt8](repeating: 0x11, count: 16)
        let (bioManager, card) = client([
            .init("B048000008", "0102030405060708 9000"),
            .init(command: [0xB0, 0x46, 0x02, 0x00, 0x08, 1, 2, 3, 4, 5, 6, 7, 8], response: [0x90, 0x00]),
            .init(command: [0xB0, 0x44, 0x01, 0x00, 0x10] + key, response: [0x90, 0x00]),
            .init("B0420800", "9000"),
            .init(command: [0xB0, 0x46, 0x01, 0x00, 0x10] + key, response: [0x63, 0xC4]),
            .init(command: [0xB0, 0x46, 0x01, 0x00, 0x10] + key, response: [0x69, 0x83]),
            .init("B0420100", "6985"),
            .init("B0360000", "6982"),
        ])
        #expect(try bioManager.leaveVirgin() == [1, 2, 3, 4, 5, 6, 7, 8])
        try bioManager.verifyKey([1, 2, 3, 4, 5, 6, 7, 8], .start)
        try bioManager.changeKey(.admin, to: key)
        try bioManager.changeState(to: .operational)
        #expect(throws: CardEdgeError.wrongKey(key: "admin key", retriesLeft: 4)) { try bioManager.verifyKey(key, .admin) }
        #expect(throws: CardEdgeError.blocked("the admin key")) { try bioManager.verifyKey(key, .admin) }
        #expect(throws: CardEdgeError.self) { try bioManager.changeState(to: .virgin) }
        #expect(throws: CardEdgeError.securityStatusNotSatisfied(operation: "DELETE right-index")) { try bioManager.delete(.rightIndex) }
        #expect(card.isFinished)
    }

    @Test func refusesAShortStartKey() {
        let (bioManager, _) = client([.init("B048000008", "01020304 9000")])
        #expect(throws: CardEdgeError.self) { try bioManager.leaveVirgin() }
    }

    @Test func selectsTheAIDAndReportsAMissingApplet() throws {
        let (present, _) = client([.init("00A4040006A0000000840000", "6F08840 6A00000008400 9000".filter { $0 != " " })])
        try present.select()
        let (absent, _) = client([.init("00A4040006A0000000840000", "6A82")])
        #expect(throws: CardEdgeError.edgeNotFound(.bioManager)) { try absent.select() }
    }

    @Test func hidesKeysAndTemplatesInTheTrace() throws {
        let key = [UInt8](repeating: 0x42, count: 8)
        let card = ScriptedCard([
            .init(command: [0xB0, 0x46, 0x01, 0x00, 0x08] + key, response: [0x90, 0x00]),
            .init("B048000008", "0102030405060708 9000"),
        ])
        let transport = CardTransport(channel: card, redaction: .cardEdgeSecrets)
        let bioManager = BioManager(transport: transport)
        try bioManager.verifyKey(key, .admin)
        _ = try? bioManager.leaveVirgin()
        let traced = transport.trace.map { "\($0)" }.joined(separator: "\n")
        #expect(!traced.contains("42 42 42"))
        #expect(!traced.contains("01 02 03 04 05"))
    }
}
