import APDU
import Foundation
import Testing
import TestSupport

@Suite struct APDUTraceTests {
    private typealias X = ScriptedCard.Exchange

    @Test func verifyDataIsRedactedByDefault() throws {
        let card = ScriptedCard([X("0020008108 3132333400000000", "63C2")])
        let transport = CardTransport(channel: card)
        _ = try transport.send(CommandAPDU(hex: "0020008108 3132333400000000"))
        #expect(transport.trace[0].bytes.description == "00 20 00 81 08 <redacted 8 bytes>")
        #expect(transport.trace[0].bytes.count == 13)
        #expect(transport.trace[1].bytes == .plain([0x63, 0xC2]))
        #expect(!transport.trace.description.contains("31 32 33 34"))
    }

    @Test func chainedVerifyBlocksAreAllRedactedAndLeStaysVisible() throws {
        let template = [UInt8](repeating: 0x77, count: 300)
        let card = ScriptedCard([
            .init(command: [0x10, 0x21, 0x00, 0x92, 0xFF] + template[0..<255], response: [0x90, 0x00]),
            .init(command: [0x00, 0x21, 0x00, 0x92, 45] + template[255...], response: [0x90, 0x00]),
        ])
        let transport = CardTransport(channel: card)
        _ = try transport.send(CommandAPDU(ins: 0x21, p2: 0x92, data: template))
        let shown = transport.trace.filter { $0.direction == .command }.map(\.bytes.description)
        #expect(shown == ["10 21 00 92 FF <redacted 255 bytes>", "00 21 00 92 2D <redacted 45 bytes>"])
    }

    @Test func responseRedactionCoversGetResponseData() throws {
        let card = ScriptedCard([X("80CA0000 00", "6104"), X("00C0000004", "DEADBEEF 9000")])
        let secrets = APDURedaction(hidesCommandData: { _ in false }, hidesResponseData: { $0.ins == 0xCA })
        let transport = CardTransport(channel: card, redaction: secrets)
        let response = try transport.send(CommandAPDU(hex: "80CA000000"))
        #expect(response.data == [0xDE, 0xAD, 0xBE, 0xEF])
        #expect(transport.trace[3].bytes.description == "<redacted 4 bytes> 90 00")
        #expect(transport.trace[2].bytes.description == "00 C0 00 00 04")
    }

    @Test func noRedactionShowsEverything() throws {
        let card = ScriptedCard([X("0020008104 31323334", "9000")])
        let transport = CardTransport(channel: card, redaction: .nothing)
        _ = try transport.send(CommandAPDU(hex: "0020008104 31323334"))
        #expect(transport.trace[0].bytes == .plain([0x00, 0x20, 0x00, 0x81, 0x04, 0x31, 0x32, 0x33, 0x34]))
    }

    @Test func extendedLcStaysVisible() throws {
        let command = try CommandAPDU(ins: 0x20, p2: 0x81, data: [1, 2], encoding: .extended)
        let traced = APDURedaction.referenceData.traced(command: command, for: command)
        #expect(traced.description == "00 20 00 81 00 00 02 <redacted 2 bytes>")
    }

    @Test func entriesCarryTimingAndReachTheObserver() throws {
        let card = ScriptedCard([X("00840000 08", "0102030405060708 9000")])
        let transport = CardTransport(channel: card, recordsTrace: false)
        var observed: [APDUTraceEntry] = []
        transport.traceObserver = { observed.append($0) }
        _ = try transport.send(CommandAPDU(hex: "0084000008"))
        #expect(transport.trace.isEmpty)
        #expect(observed.count == 2)
        #expect(observed[0].roundTrip == nil)
        #expect(try #require(observed[1].roundTrip) >= .zero)
        #expect(observed[1].elapsed >= observed[0].elapsed)
        #expect(observed[1].description.hasPrefix("< 01 02 03 04 05 06 07 08 90 00  ["))
        #expect(observed[1].description.hasSuffix(" ms]"))
    }

    @Test func hiddenExchangesAreLabelled() throws {
        let card = ScriptedCard([X("00B0000000", "6101"), X("00C0000001", "AA 9000")])
        let transport = CardTransport(channel: card)
        _ = try transport.send(CommandAPDU(hex: "00B0000000"))
        #expect(transport.trace[2].description == "> 00 C0 00 00 01  (getResponse)")
        transport.clearTrace()
        #expect(transport.trace.isEmpty)
    }

    @Test func encodesToJSONWithoutTheHiddenBytes() throws {
        let card = ScriptedCard([X("0020008102 3132", "9000")])
        let transport = CardTransport(channel: card)
        _ = try transport.send(CommandAPDU(hex: "0020008102 3132"))
        let json = String(decoding: try JSONEncoder().encode(transport.trace), as: UTF8.self)
        #expect(json.contains("\"00 20 00 81 02 <redacted 2 bytes>\""))
        #expect(json.contains("\"direction\":\"command\""))
    }
}

extension Array where Element == APDUTraceEntry {
    fileprivate var description: String { map(\.description).joined(separator: "\n") }
}
