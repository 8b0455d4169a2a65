import APDU
import Testing
import TestSupport

@Suite struct CardTransportChainingTests {
    private static func data(_ count: Int) -> [UInt8] { (0..<count).map { UInt8($0 & 0xFF) } }

    @Test func splitsLongDataIntoAChain() throws {
        let payload = Self.data(600)
        let card = ScriptedCard([
            .init(command: [0x10, 0xDB, 0x3F, 0xFF, 0xFF] + payload[0..<255], response: [0x90, 0x00]),
            .init(command: [0x10, 0xDB, 0x3F, 0xFF, 0xFF] + payload[255..<510], response: [0x90, 0x00]),
            .init(command: [0x00, 0xDB, 0x3F, 0xFF, 90] + payload[510...], response: [0x90, 0x00]),
        ])
        let transport = CardTransport(channel: card)
        let response = try transport.send(CommandAPDU(ins: 0xDB, p1: 0x3F, p2: 0xFF, data: payload))
        #expect(response.statusWord == .success)
        #expect(card.isFinished)
        #expect(transport.trace.filter { $0.direction == .command }.map(\.purpose) == [.chainBlock, .chainBlock, .command])
    }

    @Test func leGoesOnlyOnTheLastLinkCappedAt256() throws {
        let payload = Self.data(300)
        let card = ScriptedCard([
            .init(command: [0x10, 0x2A, 0x9E, 0x9A, 0xFF] + payload[0..<255], response: [0x90, 0x00]),
            .init(command: [0x00, 0x2A, 0x9E, 0x9A, 45] + payload[255...] + [0x00], response: [0x61, 0x02]),
            .init(command: [0x00, 0xC0, 0x00, 0x00, 0x02], response: [0x01, 0x02, 0x90, 0x00]),
        ])
        let response = try CardTransport(channel: card).send(
            CommandAPDU(ins: 0x2A, p1: 0x9E, p2: 0x9A, data: payload, ne: 65_536))
        #expect(response.data == [0x01, 0x02])
    }

    @Test func keepsTheChannelAndSetsB5OnTheClass() throws {
        let payload = Self.data(256)
        let card = ScriptedCard([
            .init(command: [0x53, 0xD6, 0x00, 0x00, 0xFF] + payload[0..<255], response: [0x90, 0x00]),
            .init(command: [0x43, 0xD6, 0x00, 0x00, 0x01, payload[255]], response: [0x90, 0x00]),
        ])
        _ = try CardTransport(channel: card).send(CommandAPDU(cla: 0x43, ins: 0xD6, data: payload))
        #expect(card.isFinished)
    }

    @Test func aRefusedLinkEndsTheChain() throws {
        let payload = Self.data(400)
        let card = ScriptedCard([.init(command: [0x10, 0xDB, 0x00, 0x00, 0xFF] + payload[0..<255], response: [0x68, 0x84])])
        let response = try CardTransport(channel: card).send(CommandAPDU(ins: 0xDB, data: payload))
        #expect(response.statusWord == .commandChainingNotSupported)
        #expect(card.isFinished)
    }

    @Test func customBlockSize() throws {
        let payload = Self.data(260)
        let card = ScriptedCard([
            .init(command: [0x10, 0xDB, 0x00, 0x00, 250] + payload[0..<250], response: [0x90, 0x00]),
            .init(command: [0x00, 0xDB, 0x00, 0x00, 10] + payload[250...], response: [0x90, 0x00]),
        ])
        _ = try CardTransport(channel: card, limits: TransportLimits(chainingBlockSize: 250))
            .send(CommandAPDU(ins: 0xDB, data: payload))
        #expect(card.isFinished)
    }

    @Test func forcedExtendedAndChainingOffSendExtendedLengths() throws {
        let payload = Self.data(300)
        let extended = try CommandAPDU(ins: 0xDB, data: payload)
        #expect(extended.usesExtendedLength)
        let offCard = ScriptedCard([.init(command: extended.bytes, response: [0x90, 0x00])])
        _ = try CardTransport(channel: offCard, rules: [.getResponse]).send(extended)
        #expect(offCard.isFinished)

        let forced = try CommandAPDU(ins: 0xDB, data: payload, encoding: .extended)
        let forcedCard = ScriptedCard([.init(command: forced.bytes, response: [0x90, 0x00])])
        _ = try CardTransport(channel: forcedCard).send(forced)
        #expect(forcedCard.isFinished)
    }

    @Test func shortDataIsNeverChained() throws {
        let command = try CommandAPDU(ins: 0xDB, data: Self.data(255))
        let card = ScriptedCard([.init(command: command.bytes, response: [0x90, 0x00])])
        _ = try CardTransport(channel: card).send(command)
        #expect(card.isFinished)
    }

    @Test func classesWithoutAChainingBitFailClearly() throws {
        let card = ScriptedCard([])
        #expect(throws: APDUError.self) {
            try CardTransport(channel: card).send(CommandAPDU(cla: 0xFF, ins: 0xDB, data: Self.data(300)))
        }
        #expect(card.received.isEmpty)
    }
}
