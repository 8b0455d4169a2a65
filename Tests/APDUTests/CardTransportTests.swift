import APDU
import Testing
import TestSupport

@Suite struct CardTransportTests {
    private typealias X = ScriptedCard.Exchange
    private static let sixteen = [UInt8](0..<16).hexString()

    @Test func followsA61XXChainAndConcatenatesTheData() throws {
        let card = ScriptedCard([
            X("00A4040006A00000008400", "6110"),
            X("00C0000010", Self.sixteen + " 6105"),
            X("00C0000005", "AABBCCDDEE 9000"),
        ])
        let transport = CardTransport(channel: card)
        let response = try transport.send(CommandAPDU(hex: "00A4040006A00000008400"))
        #expect(response.data == [UInt8](0..<16) + [0xAA, 0xBB, 0xCC, 0xDD, 0xEE])
        #expect(response.statusWord == .success)
        #expect(card.isFinished)
        #expect(transport.trace.map(\.purpose) == [.command, .command, .getResponse, .getResponse, .getResponse, .getResponse])
        #expect(transport.trace.map(\.direction) == [.command, .response, .command, .response, .command, .response])
    }

    @Test func getResponseLe00After6100() throws {
        let full = [UInt8](repeating: 0x42, count: 256)
        let card = ScriptedCard([X("00CA010000", "6100"), X(command: [0x00, 0xC0, 0x00, 0x00, 0x00], response: full + [0x90, 0x00])])
        let response = try CardTransport(channel: card).send(CommandAPDU(hex: "00CA010000"))
        #expect(response.data == full)
    }

    @Test(arguments: [(0x03 as UInt8, 0x03 as UInt8), (0x45, 0x45), (0x13, 0x03), (0xB1, 0x01), (0x80, 0x00), (0x4F, 0x4F)])
    func getResponseKeepsTheLogicalChannel(commandClass: UInt8, getResponseClass: UInt8) throws {
        let card = ScriptedCard([
            X(command: [commandClass, 0xCA, 0x00, 0x6E, 0x00], response: [0x61, 0x02]),
            X(command: [getResponseClass, 0xC0, 0x00, 0x00, 0x02], response: [0x01, 0x02, 0x90, 0x00]),
        ])
        let response = try CardTransport(channel: card).send(CommandAPDU(cla: commandClass, ins: 0xCA, p2: 0x6E, ne: 256))
        #expect(response.bytes == [0x01, 0x02, 0x90, 0x00])
    }

    @Test func resendsOnceWithTheExactLength() throws {
        let card = ScriptedCard([X("00CA9F7F00", "6C05"), X("00CA9F7F05", "0102030405 9000")])
        let transport = CardTransport(channel: card)
        let response = try transport.send(CommandAPDU(hex: "00CA9F7F00"))
        #expect(response.data == [1, 2, 3, 4, 5])
        #expect(transport.trace.map(\.purpose) == [.command, .command, .exactLengthResend, .exactLengthResend])
    }

    @Test func aSecond6CXXGoesBackToTheCaller() throws {
        let card = ScriptedCard([X("00B0000010", "6C08"), X("00B0000008", "6C04")])
        let response = try CardTransport(channel: card).send(CommandAPDU(hex: "00B0000010"))
        #expect(response.statusWord == StatusWord(rawValue: 0x6C04))
        #expect(card.isFinished)
    }

    @Test func case1And6CXXGainsAnLe() throws {
        let card = ScriptedCard([X("00840000", "6C08"), X("0084000008", "1122334455667788 9000")])
        #expect(try CardTransport(channel: card).send(CommandAPDU(hex: "00840000")).data.count == 8)
    }

    @Test func resendThatAnswers61XXIsFollowed() throws {
        let card = ScriptedCard([X("00B0000000", "6C03"), X("00B0000003", "6103"), X("00C0000003", "ABCDEF 9000")])
        #expect(try CardTransport(channel: card).send(CommandAPDU(hex: "00B0000000")).data == [0xAB, 0xCD, 0xEF])
    }

    @Test func rulesCanBeSwitchedOffPerTransportAndPerCall() throws {
        let raw61 = ScriptedCard([X("00B0000000", "6110")])
        let noGetResponse = CardTransport(channel: raw61, rules: [.resendWithExactLength])
        #expect(try noGetResponse.send(CommandAPDU(hex: "00B0000000")).statusWord == 0x6110)

        let raw6C = ScriptedCard([X("00B0000000", "6C10")])
        let transport = CardTransport(channel: raw6C)
        #expect(try transport.send(CommandAPDU(hex: "00B0000000"), rules: .raw).statusWord == 0x6C10)
        #expect(raw6C.isFinished)
    }

    @Test func secureMessagingCommandsAreOpaqueUnlessAsked() throws {
        let opaque = ScriptedCard([X("0CB0000000", "6110")])
        #expect(try CardTransport(channel: opaque).send(CommandAPDU(hex: "0CB0000000")).statusWord == 0x6110)

        let driven = ScriptedCard([X("0CB0000000", "6102"), X("00C0000002", "8E08 9000")])
        let transport = CardTransport(channel: driven, rules: TransportRules.standard.union(.insideSecureMessaging))
        #expect(try transport.send(CommandAPDU(hex: "0CB0000000")).data == [0x8E, 0x08])
    }

    @Test func endlessGetResponseHitsTheCap() throws {
        let transport = CardTransport(channel: Endless61Card(), limits: TransportLimits(maximumGetResponses: 3))
        #expect(throws: TransportError.tooManyGetResponses(limit: 3)) {
            try transport.send(CommandAPDU(hex: "00B0000000"))
        }
        #expect(transport.trace.count == 8)
    }

    @Test func responseSizeCap() throws {
        let transport = CardTransport(channel: Endless61Card(), limits: TransportLimits(maximumResponseBytes: 40))
        #expect(throws: TransportError.responseTooLong(bytes: 48, limit: 40)) {
            try transport.send(CommandAPDU(hex: "00B0000000"))
        }
    }

    @Test func aResponseShorterThanTheStatusWordIsNamedAndTraced() throws {
        let card = ScriptedCard([X("00B0000000", "90")])
        let transport = CardTransport(channel: card)
        #expect(throws: APDUError.responseTooShort(bytes: [0x90])) { try transport.send(CommandAPDU(hex: "00B0000000")) }
        #expect(transport.trace.last?.bytes == .plain([0x90]))
    }

    @Test func channelErrorsPassThrough() throws {
        let card = ScriptedCard([])
        #expect(throws: ScriptedCard.Deviation.self) { try CardTransport(channel: card).send(CommandAPDU(hex: "00A40000")) }
    }

    @Test func transmitRawSendsBytesUnparsedWithoutRules() throws {
        let card = ScriptedCard([X("00A4FF", "6110")])
        let transport = CardTransport(channel: card)
        #expect(try transport.transmitRaw([0x00, 0xA4, 0xFF]).statusWord == 0x6110)
        #expect(transport.trace.map(\.purpose) == [.raw, .raw])
    }
}

/// A broken card that always claims 16 more bytes.
private final class Endless61Card: CardChannel {
    func transmit(_ command: [UInt8]) throws -> [UInt8] {
        command[1] == 0xC0 ? [UInt8](repeating: 0x11, count: 16) + [0x61, 0x10] : [0x61, 0x10]
    }
}
